CREATE TABLE "group_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_points_group_name_key" UNIQUE("group_id","name")
);
--> statement-breakpoint
ALTER TABLE "data_points" ADD COLUMN "group_point_id" integer;--> statement-breakpoint
ALTER TABLE "group_points" ADD CONSTRAINT "group_points_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_group_point_id_group_points_id_fk" FOREIGN KEY ("group_point_id") REFERENCES "public"."group_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_group_point_key" UNIQUE("group_point_id");--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_group_point_check" CHECK ("data_points"."kind" <> 'group-point' or "data_points"."group_point_id" is not null);