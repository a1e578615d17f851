CREATE TABLE "point_health_findings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_health_findings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sweep_id" integer NOT NULL,
	"syrx_controller_id" uuid NOT NULL,
	"device_id" integer NOT NULL,
	"point_id" integer,
	"category" text NOT NULL,
	"finding_key" text NOT NULL,
	"present_value" jsonb,
	"status_flags" jsonb,
	"out_of_service" boolean,
	"reliability" integer,
	"event_state" integer,
	"priority" integer,
	"priority_array" jsonb,
	"relinquish_default" jsonb,
	"detail" text,
	"latest_record_on" timestamp with time zone,
	"relinquished_at" timestamp with time zone,
	"relinquished_by" integer,
	CONSTRAINT "point_health_findings_sweep_key" UNIQUE("sweep_id","finding_key")
);
--> statement-breakpoint
CREATE TABLE "point_health_sweep_controllers" (
	"sweep_id" integer NOT NULL,
	"syrx_controller_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error_message" text,
	"device_count" integer DEFAULT 0 NOT NULL,
	"point_count" integer DEFAULT 0 NOT NULL,
	"swept_at" timestamp with time zone,
	CONSTRAINT "point_health_sweep_controllers_sweep_id_syrx_controller_id_pk" PRIMARY KEY("sweep_id","syrx_controller_id")
);
--> statement-breakpoint
CREATE TABLE "point_health_sweeps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_health_sweeps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"syrx_controller_id" uuid,
	"group_id" integer,
	"scope_key" text NOT NULL,
	"job_id" bigint,
	"user_id" integer,
	"operator_priorities" jsonb NOT NULL,
	"program_priorities" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_health_sweeps_scope_check" CHECK (("point_health_sweeps"."syrx_controller_id" is null) <> ("point_health_sweeps"."group_id" is null))
);
--> statement-breakpoint
ALTER TABLE "point_health_findings" ADD CONSTRAINT "point_health_findings_sweep_id_point_health_sweeps_id_fk" FOREIGN KEY ("sweep_id") REFERENCES "public"."point_health_sweeps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_findings" ADD CONSTRAINT "point_health_findings_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_findings" ADD CONSTRAINT "point_health_findings_device_id_bacnet_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."bacnet_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_findings" ADD CONSTRAINT "point_health_findings_point_id_bacnet_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."bacnet_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_findings" ADD CONSTRAINT "point_health_findings_relinquished_by_users_id_fk" FOREIGN KEY ("relinquished_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_sweep_controllers" ADD CONSTRAINT "point_health_sweep_controllers_sweep_id_point_health_sweeps_id_fk" FOREIGN KEY ("sweep_id") REFERENCES "public"."point_health_sweeps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_sweep_controllers" ADD CONSTRAINT "point_health_sweep_controllers_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_sweeps" ADD CONSTRAINT "point_health_sweeps_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_sweeps" ADD CONSTRAINT "point_health_sweeps_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_sweeps" ADD CONSTRAINT "point_health_sweeps_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_health_sweeps" ADD CONSTRAINT "point_health_sweeps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_health_findings_sweep_category_idx" ON "point_health_findings" USING btree ("sweep_id","category");--> statement-breakpoint
CREATE INDEX "point_health_findings_sweep_controller_idx" ON "point_health_findings" USING btree ("sweep_id","syrx_controller_id");--> statement-breakpoint
CREATE INDEX "point_health_sweep_controllers_controller_idx" ON "point_health_sweep_controllers" USING btree ("syrx_controller_id","sweep_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "point_health_sweeps_scope_idx" ON "point_health_sweeps" USING btree ("scope_key","id" DESC NULLS LAST);