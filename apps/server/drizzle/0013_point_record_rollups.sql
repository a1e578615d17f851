CREATE TABLE "point_record_rollups" (
	"data_point_id" integer NOT NULL,
	"level_seconds" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	CONSTRAINT "point_record_rollups_pkey" PRIMARY KEY("data_point_id","level_seconds","bucket")
);
--> statement-breakpoint
-- Edited by hand: the series that exist before this migration have no rollups yet (false: the backfill builds them);
-- series made afterwards have theirs kept from their first record (the default, true).
ALTER TABLE "data_points" ADD COLUMN "rolled_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "data_points" ALTER COLUMN "rolled_up" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "point_record_rollups" ADD CONSTRAINT "point_record_rollups_data_point_id_data_points_id_fk" FOREIGN KEY ("data_point_id") REFERENCES "public"."data_points"("id") ON DELETE cascade ON UPDATE no action;