CREATE TABLE "bacnet_connection_bbmd_servers" (
	"syrx_controller_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"ip_address" text NOT NULL,
	"ip_mask" text NOT NULL,
	"port_num" integer DEFAULT 47808 NOT NULL,
	CONSTRAINT "bacnet_connection_bbmd_servers_syrx_controller_id_position_pk" PRIMARY KEY("syrx_controller_id","position")
);
--> statement-breakpoint
CREATE TABLE "bacnet_connection_configurations" (
	"syrx_controller_id" uuid PRIMARY KEY NOT NULL,
	"ip_address" text NOT NULL,
	"port_num" integer DEFAULT 47808 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "critical_service_statuses" (
	"syrx_controller_id" uuid PRIMARY KEY NOT NULL,
	"statuses" jsonb NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enabled_services" (
	"syrx_controller_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"assigned_version" text NOT NULL,
	"reported_version" text,
	"last_contact" timestamp with time zone,
	CONSTRAINT "enabled_services_syrx_controller_id_service_id_pk" PRIMARY KEY("syrx_controller_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "syrx_controllers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secret_hash" text NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bacnet_connection_bbmd_servers" ADD CONSTRAINT "bacnet_connection_bbmd_servers_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bacnet_connection_configurations" ADD CONSTRAINT "bacnet_connection_configurations_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_service_statuses" ADD CONSTRAINT "critical_service_statuses_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enabled_services" ADD CONSTRAINT "enabled_services_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syrx_controllers" ADD CONSTRAINT "syrx_controllers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "syrx_controllers_group_id_idx" ON "syrx_controllers" USING btree ("group_id");