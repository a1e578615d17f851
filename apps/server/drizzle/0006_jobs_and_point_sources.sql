CREATE TABLE "equipment_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equipment_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"equipment_name" text NOT NULL,
	"point_code" text NOT NULL,
	"data_point_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pcs_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pcs_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pcs_site_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pcs_devices_site_name_key" UNIQUE("pcs_site_id","name")
);
--> statement-breakpoint
CREATE TABLE "pcs_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pcs_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pcs_device_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pcs_points_device_name_key" UNIQUE("pcs_device_id","name")
);
--> statement-breakpoint
CREATE TABLE "pcs_sites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pcs_sites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pcs_sites_site_name_key" UNIQUE("site_name")
);
--> statement-breakpoint
CREATE TABLE "vendor_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vendor" text NOT NULL,
	"id_field_1" text NOT NULL,
	"id_field_2" text NOT NULL,
	"id_field_3" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_points_ids_key" UNIQUE("vendor","id_field_1","id_field_2","id_field_3")
);
--> statement-breakpoint
CREATE TABLE "job_files" (
	"job_id" bigint PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_id" bigint NOT NULL,
	"parent_log_id" bigint,
	"ts" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_job_id" bigint,
	"sibling_job_execution_order_index" integer DEFAULT 0 NOT NULL,
	"job_type" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_time" timestamp with time zone,
	"run_started_time" timestamp with time zone,
	"run_finished_time" timestamp with time zone,
	"finished_time" timestamp with time zone,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"locked_by" text,
	"lease_expires_at" timestamp with time zone,
	CONSTRAINT "jobs_progress_check" CHECK ("jobs"."progress" >= 0 and "jobs"."progress" <= 100)
);
--> statement-breakpoint
ALTER TABLE "data_points" ADD COLUMN "vendor_point_id" integer;--> statement-breakpoint
ALTER TABLE "data_points" ADD COLUMN "pcs_point_id" integer;--> statement-breakpoint
ALTER TABLE "equipment_points" ADD CONSTRAINT "equipment_points_data_point_id_data_points_id_fk" FOREIGN KEY ("data_point_id") REFERENCES "public"."data_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pcs_devices" ADD CONSTRAINT "pcs_devices_pcs_site_id_pcs_sites_id_fk" FOREIGN KEY ("pcs_site_id") REFERENCES "public"."pcs_sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pcs_points" ADD CONSTRAINT "pcs_points_pcs_device_id_pcs_devices_id_fk" FOREIGN KEY ("pcs_device_id") REFERENCES "public"."pcs_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_logs" ADD CONSTRAINT "job_logs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_logs" ADD CONSTRAINT "job_logs_parent_log_id_job_logs_id_fk" FOREIGN KEY ("parent_log_id") REFERENCES "public"."job_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_parent_job_id_jobs_id_fk" FOREIGN KEY ("parent_job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_points_equipment_code_key" ON "equipment_points" USING btree ("equipment_name","point_code");--> statement-breakpoint
CREATE INDEX "equipment_points_data_point_idx" ON "equipment_points" USING btree ("data_point_id");--> statement-breakpoint
CREATE INDEX "job_logs_job_parent_idx" ON "job_logs" USING btree ("job_id","parent_log_id","id");--> statement-breakpoint
CREATE INDEX "job_logs_parent_idx" ON "job_logs" USING btree ("parent_log_id","id");--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("priority" DESC NULLS LAST,"queued_time","id") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_lease_idx" ON "jobs" USING btree ("lease_expires_at") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_parent_idx" ON "jobs" USING btree ("parent_job_id","sibling_job_execution_order_index");--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs" USING btree ("created_time" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_type_created_idx" ON "jobs" USING btree ("job_type","created_time" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_vendor_point_id_vendor_points_id_fk" FOREIGN KEY ("vendor_point_id") REFERENCES "public"."vendor_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_pcs_point_id_pcs_points_id_fk" FOREIGN KEY ("pcs_point_id") REFERENCES "public"."pcs_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_vendor_point_key" UNIQUE("vendor_point_id");--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_pcs_point_key" UNIQUE("pcs_point_id");--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_vendor_point_check" CHECK ("data_points"."kind" <> 'vendor-point' or "data_points"."vendor_point_id" is not null);--> statement-breakpoint
ALTER TABLE "data_points" ADD CONSTRAINT "data_points_pcs_point_check" CHECK ("data_points"."kind" <> 'pcs-point' or "data_points"."pcs_point_id" is not null);