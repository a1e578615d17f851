CREATE TABLE "point_health_schedules" (
	"group_id" integer PRIMARY KEY NOT NULL,
	"hour_utc" integer NOT NULL,
	"operator_priorities" jsonb NOT NULL,
	"program_priorities" jsonb,
	"user_id" integer,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_sweep_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_health_schedules_hour_check" CHECK ("point_health_schedules"."hour_utc" between 0 and 23)
);
--> statement-breakpoint
ALTER TABLE "point_health_schedules" ADD CONSTRAINT "point_health_schedules_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_schedules" ADD CONSTRAINT "point_health_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_schedules" ADD CONSTRAINT "point_health_schedules_last_sweep_id_point_health_sweeps_id_fk" FOREIGN KEY ("last_sweep_id") REFERENCES "public"."point_health_sweeps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_health_schedules_next_idx" ON "point_health_schedules" USING btree ("next_run_at");