CREATE TABLE "account_price_normalizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_price_normalizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"effective_date" date NOT NULL,
	"value" double precision NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_price_normalizations_value_check" CHECK ("account_price_normalizations"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "account_size_normalizations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_size_normalizations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"effective_date" date NOT NULL,
	"value" double precision NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_size_normalizations_value_check" CHECK ("account_size_normalizations"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"num" text,
	"type" text NOT NULL,
	"weatherstation_id" integer NOT NULL,
	"timezone" text NOT NULL,
	"initial_size_normalization" double precision NOT NULL,
	"initial_price_normalization" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weather_stations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "weather_stations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"timezone" text NOT NULL,
	CONSTRAINT "weather_stations_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "group_permissions" (
	"id" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_role_permissions" (
	"group_role_id" integer NOT NULL,
	"group_permission_id" text NOT NULL,
	CONSTRAINT "group_role_permissions_group_role_id_group_permission_id_pk" PRIMARY KEY("group_role_id","group_permission_id")
);
--> statement-breakpoint
CREATE TABLE "group_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "group_roles_name_key" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_group_roles" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"group_role_id" integer NOT NULL,
	CONSTRAINT "user_group_roles_user_id_group_id_group_role_id_pk" PRIMARY KEY("user_id","group_id","group_role_id")
);
--> statement-breakpoint
CREATE TABLE "syrx_controller_service_artifacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "syrx_controller_service_artifacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_id" text NOT NULL,
	"git_revision" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "syrx_controller_service_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "syrx_controller_service_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_id" text NOT NULL,
	"version_name" text NOT NULL,
	"syrx_controller_service_artifact_id" integer NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "syrx_controller_service_versions_service_version_key" UNIQUE("service_id","version_name")
);
--> statement-breakpoint
ALTER TABLE "account_price_normalizations" ADD CONSTRAINT "account_price_normalizations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_size_normalizations" ADD CONSTRAINT "account_size_normalizations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_weatherstation_id_weather_stations_id_fk" FOREIGN KEY ("weatherstation_id") REFERENCES "public"."weather_stations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_role_permissions" ADD CONSTRAINT "group_role_permissions_group_role_id_group_roles_id_fk" FOREIGN KEY ("group_role_id") REFERENCES "public"."group_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_role_permissions" ADD CONSTRAINT "group_role_permissions_group_permission_id_group_permissions_id_fk" FOREIGN KEY ("group_permission_id") REFERENCES "public"."group_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_roles" ADD CONSTRAINT "user_group_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_roles" ADD CONSTRAINT "user_group_roles_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_roles" ADD CONSTRAINT "user_group_roles_group_role_id_group_roles_id_fk" FOREIGN KEY ("group_role_id") REFERENCES "public"."group_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "syrx_controller_service_versions" ADD CONSTRAINT "syrx_controller_service_versions_syrx_controller_service_artifact_id_syrx_controller_service_artifacts_id_fk" FOREIGN KEY ("syrx_controller_service_artifact_id") REFERENCES "public"."syrx_controller_service_artifacts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_price_normalizations_account_idx" ON "account_price_normalizations" USING btree ("account_id","effective_date");--> statement-breakpoint
CREATE INDEX "account_size_normalizations_account_idx" ON "account_size_normalizations" USING btree ("account_id","effective_date");--> statement-breakpoint
CREATE INDEX "accounts_group_idx" ON "accounts" USING btree ("group_id","name");--> statement-breakpoint
CREATE INDEX "syrx_controller_service_artifacts_service_idx" ON "syrx_controller_service_artifacts" USING btree ("service_id","created_date" DESC NULLS LAST);