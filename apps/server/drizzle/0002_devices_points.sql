CREATE TABLE "bacnet_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bacnet_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"syrx_controller_id" uuid NOT NULL,
	"mac_address" text NOT NULL,
	"network" integer DEFAULT 0 NOT NULL,
	"destination_mac_address" text DEFAULT '0.0.0.0:0' NOT NULL,
	"destination_network" integer DEFAULT 0 NOT NULL,
	"instance_number" integer NOT NULL,
	"name" text,
	"vendor_name" text,
	"description" text,
	"model_name" text,
	"database_revision" bigint,
	"point_list_revision" bigint,
	"first_available_on" timestamp with time zone,
	"last_available_on" timestamp with time zone,
	"last_unavailable_on" timestamp with time zone,
	"last_discovery_attempt" timestamp with time zone,
	"last_point_discovery" timestamp with time zone,
	"availability" text DEFAULT 'unknown' NOT NULL,
	"ignored" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bacnet_devices_controller_instance_key" UNIQUE("syrx_controller_id","instance_number")
);
--> statement-breakpoint
CREATE TABLE "bacnet_point_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bacnet_point_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"point_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"change" text NOT NULL,
	"changed_on" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"database_revision" bigint
);
--> statement-breakpoint
CREATE TABLE "bacnet_point_upload_items" (
	"upload_id" integer NOT NULL,
	"object_type" integer NOT NULL,
	"object_type_name" text NOT NULL,
	"instance_number" integer NOT NULL,
	"name" text,
	"description" text,
	"units" text,
	CONSTRAINT "bacnet_point_upload_items_upload_id_object_type_instance_number_pk" PRIMARY KEY("upload_id","object_type","instance_number")
);
--> statement-breakpoint
CREATE TABLE "bacnet_point_uploads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bacnet_point_uploads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"source" text NOT NULL,
	"database_revision" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "bacnet_points" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bacnet_points_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" integer NOT NULL,
	"syrx_controller_id" uuid NOT NULL,
	"object_type" integer NOT NULL,
	"object_type_name" text NOT NULL,
	"instance_number" integer NOT NULL,
	"name" text,
	"description" text,
	"units" text,
	"first_seen_on" timestamp with time zone,
	"last_seen_on" timestamp with time zone,
	"last_missed_on" timestamp with time zone,
	"last_point_discovery" timestamp with time zone,
	"is_available" boolean DEFAULT true NOT NULL,
	"reporting_is_selected_for_reporting" boolean DEFAULT false NOT NULL,
	"reporting_earliest_record_date" timestamp with time zone,
	"reporting_latest_record_date" timestamp with time zone,
	"reporting_latest_value" double precision,
	CONSTRAINT "bacnet_points_device_object_key" UNIQUE("device_id","object_type","instance_number")
);
--> statement-breakpoint
CREATE TABLE "bacnet_query_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bacnet_query_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"syrx_controller_id" uuid NOT NULL,
	"message_type" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"network" integer,
	"low_limit" integer,
	"high_limit" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_on" timestamp with time zone,
	"acknowledged_on" timestamp with time zone,
	"completed_on" timestamp with time zone,
	"devices_found" integer,
	"devices_added" integer,
	"error_message" text
);
--> statement-breakpoint
ALTER TABLE "bacnet_devices" ADD CONSTRAINT "bacnet_devices_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bacnet_point_changes" ADD CONSTRAINT "bacnet_point_changes_point_id_bacnet_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."bacnet_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bacnet_point_changes" ADD CONSTRAINT "bacnet_point_changes_device_id_bacnet_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."bacnet_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bacnet_point_upload_items" ADD CONSTRAINT "bacnet_point_upload_items_upload_id_bacnet_point_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."bacnet_point_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bacnet_point_uploads" ADD CONSTRAINT "bacnet_point_uploads_device_id_bacnet_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."bacnet_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bacnet_points" ADD CONSTRAINT "bacnet_points_device_id_bacnet_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."bacnet_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bacnet_points" ADD CONSTRAINT "bacnet_points_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bacnet_query_messages" ADD CONSTRAINT "bacnet_query_messages_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bacnet_point_changes_device_idx" ON "bacnet_point_changes" USING btree ("device_id","changed_on");--> statement-breakpoint
CREATE INDEX "bacnet_point_changes_point_idx" ON "bacnet_point_changes" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "bacnet_point_uploads_device_idx" ON "bacnet_point_uploads" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "bacnet_point_uploads_created_idx" ON "bacnet_point_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bacnet_points_controller_idx" ON "bacnet_points" USING btree ("syrx_controller_id","id");--> statement-breakpoint
CREATE INDEX "bacnet_query_messages_controller_idx" ON "bacnet_query_messages" USING btree ("syrx_controller_id","status");