ALTER TABLE "pressure_control_configurations" ADD COLUMN "saved_at" timestamp with time zone;--> statement-breakpoint
-- Until now only a user's save made a row, so every row there is was saved.
UPDATE "pressure_control_configurations" SET "saved_at" = "updated_at";
