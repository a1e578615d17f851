import { z } from 'zod';
import { toCanonical } from './fields.ts';

/** The services a Syrx controller can run (ids as the agent and the specification name them). */
export const serviceIds = {
  updater: 'Syrx.UpdaterService',
  query: 'Syrx.Services.BacnetNetworkQueryService',
  reporting: 'Syrx.Services.ReportingService',
  diagnostic: 'Syrx.Services.DiagnosticService',
  control: 'Syrx.Services.ControlService',
  pressure: 'Syrx.Services.BuildingPressureControlService',
} as const;
export type ServiceId = (typeof serviceIds)[keyof typeof serviceIds];
export const allServiceIds: readonly ServiceId[] = Object.values(serviceIds);
/** The services a new controller has enabled: the updater, and what a building needs first (find, report, diagnose). */
export const defaultEnabledServiceIds: readonly ServiceId[] = [serviceIds.updater, serviceIds.query, serviceIds.reporting, serviceIds.diagnostic];

export const serviceTypeDescriptions: Record<ServiceId, string> = {
  'Syrx.UpdaterService': 'Keeps the other services at their assigned versions',
  'Syrx.Services.BacnetNetworkQueryService': 'BACnet network query: discovery, read property, device and point discovery',
  'Syrx.Services.ReportingService': 'Collects and forwards point values',
  'Syrx.Services.DiagnosticService': 'Process, network-interface and message-broker diagnostics',
  'Syrx.Services.ControlService': 'Remote terminal to the controller',
  'Syrx.Services.BuildingPressureControlService': 'Building pressure control loop',
};

/**
 * The canonical id for a service id as a client or agent may send it: older ids lack the
 * "Services." segment (e.g. Syrx.ReportingService). Null for an unknown id.
 */
export function canonicalServiceId(id: string): ServiceId | null {
  if ((allServiceIds as readonly string[]).includes(id)) return id as ServiceId;
  const dot = id.indexOf('.');
  if (dot < 0) return null;
  const withSegment = `${id.slice(0, dot)}.Services.${id.slice(dot + 1)}`;
  return (allServiceIds as readonly string[]).includes(withSegment) ? (withSegment as ServiceId) : null;
}

export const serviceIdSchema = z.string().transform(toCanonical(canonicalServiceId, (id) => `Unknown service id: ${id}`));

/** GET /api/v2/syrx-controller-service-types */
export const serviceTypeSchema = z.object({
  id: z.string(),
  description: z.string(),
  syrx_controller_service_versions: z.array(z.object({ service_id: z.string(), version_name: z.string(), is_locked: z.boolean() })),
});
export type ServiceType = z.infer<typeof serviceTypeSchema>;

/** The systemd unit each service runs as on a controller; the agent reports their states as critical statuses. */
export const serviceUnits: Record<ServiceId, string> = {
  'Syrx.UpdaterService': 'syrx-updater.service',
  'Syrx.Services.BacnetNetworkQueryService': 'syrx-bacnet-network-query.service',
  'Syrx.Services.ReportingService': 'syrx-reporting.service',
  'Syrx.Services.DiagnosticService': 'syrx-diagnostic.service',
  'Syrx.Services.ControlService': 'syrx-control.service',
  'Syrx.Services.BuildingPressureControlService': 'syrx-building-pressure-control.service',
};
/** The message-broker service the tree lists beside the enabled services. */
export const messageBrokerUnit = 'rabbitmq-server.service';
