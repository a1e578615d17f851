CREATE TABLE "data_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"bacnet_point_id" integer,
	"earliest_record_on" timestamp with time zone,
	"latest_record_on" timestamp with time zone,
	"latest_value" double precision,
	"record_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_points_bacnet_point_key" UNIQUE("bacnet_point_id"),
	CONSTRAINT "data_points_bacnet_point_check" CHECK ("data_points"."kind" <> 'controller-bacnet-point' or "data_points"."bacnet_point_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "point_records" (
	"data_point_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "point_records_pkey" PRIMARY KEY("data_point_id","ts")
) PARTITION BY RANGE ("ts");
-- Edited by hand: Drizzle cannot declare partitioning. Monthly partitions are created on demand by the records module.
--> statement-breakpoint
ALTER TABLE "enabled_services" ADD COLUMN "diagnostics" jsonb;--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_bacnet_point_id_bacnet_points_id_fk" FOREIGN KEY ("bacnet_point_id") REFERENCES "public"."bacnet_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bacnet_points" DROP COLUMN "reporting_earliest_record_date";--> statement-breakpoint
ALTER TABLE "bacnet_points" DROP COLUMN "reporting_latest_record_date";--> statement-breakpoint
ALTER TABLE "bacnet_points" DROP COLUMN "reporting_latest_value";--> statement-breakpoint
-- Written by hand (Drizzle does not declare triggers): what ON DELETE CASCADE of a foreign key from point_records would
-- do, once per statement instead of a key check per inserted record (see the note on point_records.data_point_id).
CREATE FUNCTION "point_records_of_deleted_data_points"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "point_records" WHERE "data_point_id" IN (SELECT "id" FROM "deleted_data_points");
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "data_points_delete_records" AFTER DELETE ON "data_points"
	REFERENCING OLD TABLE AS "deleted_data_points" FOR EACH STATEMENT EXECUTE FUNCTION "point_records_of_deleted_data_points"();
