ALTER TABLE "critical_service_statuses" ADD COLUMN "heartbeat_seconds" real;--> statement-breakpoint
ALTER TABLE "critical_service_statuses" ADD COLUMN "disconnected_at" timestamp with time zone;