CREATE TABLE "pressure_control_configurations" (
	"syrx_controller_id" uuid PRIMARY KEY NOT NULL,
	"neutral_plane_height" double precision,
	"is_output_enabled" boolean DEFAULT false NOT NULL,
	"oat_point_id" integer,
	"pnorm_output_point_id" integer,
	"indoor_temperature" double precision DEFAULT 70 NOT NULL,
	"interval_seconds" integer DEFAULT 60 NOT NULL,
	"write_priority" integer DEFAULT 10 NOT NULL,
	"last_oat_date" timestamp with time zone,
	"last_oat_value" double precision,
	"last_pnorm_output_date" timestamp with time zone,
	"last_pnorm_output_value" double precision,
	"last_pnorm_output_write_date" timestamp with time zone,
	"exception_date" timestamp with time zone,
	"exception_type" text,
	"exception_message" text,
	"exception_stack_trace" text,
	"writing" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pressure_transmitters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pressure_transmitters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"syrx_controller_id" uuid NOT NULL,
	"num" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"transmitter_height" double precision NOT NULL,
	"point_id" integer NOT NULL,
	"last_value_date" timestamp with time zone,
	"last_pressure" double precision,
	"last_normalized_pressure" double precision,
	CONSTRAINT "pressure_transmitters_num_uq" UNIQUE("syrx_controller_id","num")
);
--> statement-breakpoint
ALTER TABLE "pressure_control_configurations" ADD CONSTRAINT "pressure_control_configurations_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pressure_control_configurations" ADD CONSTRAINT "pressure_control_configurations_oat_point_id_bacnet_points_id_fk" FOREIGN KEY ("oat_point_id") REFERENCES "public"."bacnet_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pressure_control_configurations" ADD CONSTRAINT "pressure_control_configurations_pnorm_output_point_id_bacnet_points_id_fk" FOREIGN KEY ("pnorm_output_point_id") REFERENCES "public"."bacnet_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pressure_transmitters" ADD CONSTRAINT "pressure_transmitters_syrx_controller_id_syrx_controllers_id_fk" FOREIGN KEY ("syrx_controller_id") REFERENCES "public"."syrx_controllers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pressure_transmitters" ADD CONSTRAINT "pressure_transmitters_point_id_bacnet_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."bacnet_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pressure_transmitters_point_idx" ON "pressure_transmitters" USING btree ("point_id");