-- Services' diagnostics move to the controller's status row, which every heartbeat writes: diagnostics that move
-- between heartbeats (a reporting buffer's depth) no longer write the services' rows too (issue 26).
ALTER TABLE "critical_service_statuses" ADD COLUMN "service_diagnostics" jsonb;--> statement-breakpoint
UPDATE "critical_service_statuses" c SET "service_diagnostics" = d.by_service
FROM (
  SELECT "syrx_controller_id", jsonb_object_agg("service_id", "diagnostics") AS by_service
  FROM "enabled_services" WHERE "diagnostics" IS NOT NULL GROUP BY "syrx_controller_id"
) d
WHERE d."syrx_controller_id" = c."syrx_controller_id";--> statement-breakpoint
ALTER TABLE "enabled_services" DROP COLUMN "diagnostics";
