CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"group_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "controller_metric_rollups" (
	"syrx_controller_id" uuid NOT NULL,
	"level_seconds" integer NOT NULL,
	"group_type" text NOT NULL,
	"group_name" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"cpu_sum" double precision NOT NULL,
	"cpu_min" double precision NOT NULL,
	"cpu_max" double precision NOT NULL,
	"mem_percent_sum" double precision NOT NULL,
	"mem_percent_min" double precision NOT NULL,
	"mem_percent_max" double precision NOT NULL,
	"mem_sum" double precision NOT NULL,
	"mem_min" double precision NOT NULL,
	"mem_max" double precision NOT NULL,
	CONSTRAINT "controller_metric_rollups_pkey" PRIMARY KEY("syrx_controller_id","level_seconds","group_type","group_name","bucket")
);
--> statement-breakpoint
CREATE TABLE "controller_metrics" (
	"syrx_controller_id" uuid NOT NULL,
	"group_type" text NOT NULL,
	"group_name" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"cpu_percent" double precision NOT NULL,
	"mem_percent" double precision NOT NULL,
	"mem" double precision NOT NULL,
	CONSTRAINT "controller_metrics_pkey" PRIMARY KEY("syrx_controller_id","group_type","group_name","ts")
) PARTITION BY RANGE ("ts");
-- Edited by hand: Drizzle cannot declare partitioning. Monthly partitions are created on demand by the metrics module.
--> statement-breakpoint
CREATE TABLE "diagnostics_snapshots" (
	"syrx_controller_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"processes" jsonb NOT NULL,
	"network_interface_information" text NOT NULL,
	"rabbitmq" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diagnostics_snapshots_pkey" PRIMARY KEY("syrx_controller_id","ts")
);
--> statement-breakpoint
CREATE TABLE "service_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"syrx_controller_id" uuid NOT NULL,
	"agent_entry_id" text NOT NULL,
	"service_id" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"logger" text NOT NULL,
	"message" text NOT NULL,
	"exception" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_logs_controller_entry_key" UNIQUE("syrx_controller_id","agent_entry_id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controller_metric_rollups" ADD CONSTRAINT "controller_metric_rollups_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostics_snapshots" ADD CONSTRAINT "diagnostics_snapshots_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_logs" ADD CONSTRAINT "service_logs_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_group_at_idx" ON "audit_log" USING btree ("group_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "diagnostics_snapshots_ts_idx" ON "diagnostics_snapshots" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "service_logs_controller_service_level_ts_idx" ON "service_logs" USING btree ("syrx_controller_id","service_id","level","ts" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "service_logs_ts_idx" ON "service_logs" USING btree ("ts");--> statement-breakpoint
-- Written by hand (Drizzle does not declare triggers): what ON DELETE CASCADE of a foreign key from controller_metrics
-- would do, once per statement instead of a key check per inserted sample.
CREATE FUNCTION "controller_metrics_of_deleted_controllers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "controller_metrics" WHERE "syrx_controller_id" IN (SELECT "id" FROM "deleted_syrx_controllers");
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "syrx_controllers_delete_metrics" AFTER DELETE ON "syrx_controllers"
	REFERENCING OLD TABLE AS "deleted_syrx_controllers" FOR EACH STATEMENT EXECUTE FUNCTION "controller_metrics_of_deleted_controllers"();
