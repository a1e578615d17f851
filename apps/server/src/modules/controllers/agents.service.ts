import { and, eq, sql } from 'drizzle-orm';
import type { AgentConfig, Heartbeat } from '@syrx/contracts/agent-protocol';
import { defaultReportingPollSeconds } from '@syrx/contracts/records';
import { canonicalServiceId, serviceIds } from '@syrx/contracts/services';
import type { Db } from '../../db/client.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import type { PointsService } from '../points/points.service.ts';
import { criticalServiceStatuses, enabledServices } from '../../db/schema/index.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import { connectionRepo } from './connection.repo.ts';
import { controllersRepo } from './controllers.repo.ts';
import { enabledServicesRepo } from './enabled-services.repo.ts';

/** How often the reporting service polls points without COV. One setting for every controller for now. */
export const reportingPollSeconds = defaultReportingPollSeconds;

/**
 * What the server does for a controller's agent: check its credentials, record its reports, tell it its configuration.
 * @param devices the devices service, for the devices the agent watches (app.ts passes it; without it the list is empty)
 * @param points the points service, for the points the reporting service collects (likewise)
 */
export function createAgentsService(
  db: Db,
  devices: Pick<DevicesService, 'agentDevices'> = { agentDevices: async () => [] },
  points: Pick<PointsService, 'reportingPoints'> = { reportingPoints: async () => [] },
) {
  return {
    async authenticate(controllerId: string, password: string): Promise<boolean> {
      const c = await controllersRepo.find(db, controllerId);
      const ok = await verifyPassword(c?.secretHash ?? dummyPasswordHash, password);
      return Boolean(c && ok);
    },

    /**
     * A heartbeat is the agent's contact: last contact, reported versions and diagnostics of its services (the latest
     * report replaces the previous one), and its unit statuses.
     */
    async recordHeartbeat(controllerId: string, hb: Heartbeat): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(enabledServices).set({ lastContact: sql`now()` }).where(eq(enabledServices.syrxControllerId, controllerId));
        for (const s of hb.services) {
          const serviceId = canonicalServiceId(s.service_id);
          if (!serviceId) continue;
          await tx
            .update(enabledServices)
            .set({ reportedVersion: s.reported_version, diagnostics: s.diagnostics ?? null })
            .where(and(eq(enabledServices.syrxControllerId, controllerId), eq(enabledServices.serviceId, serviceId)));
        }
        await tx
          .insert(criticalServiceStatuses)
          .values({ syrxControllerId: controllerId, statuses: hb.critical_statuses })
          .onConflictDoUpdate({ target: criticalServiceStatuses.syrxControllerId, set: { statuses: hb.critical_statuses, reportedAt: sql`now()` } });
      });
    },

    async config(controllerId: string): Promise<AgentConfig> {
      const services = await enabledServicesRepo.list(db, controllerId);
      const connection = await connectionRepo.find(db, controllerId);
      const bbmd = await connectionRepo.listBbmd(db, controllerId);
      const reporting = services.some((s) => s.service_id === serviceIds.reporting);
      return {
        enabled_services: services.map((s) => ({ service_id: s.service_id, assigned_version: s.assigned_version })),
        devices: await devices.agentDevices(controllerId),
        reporting: { enabled: reporting, poll_seconds: reportingPollSeconds, points: reporting ? await points.reportingPoints(controllerId) : [] },
        bacnet: connection
          ? { ip_address: connection.ip_address, port_num: connection.port_num, bbmd_servers: bbmd.map(({ ip_address, ip_mask, port_num }) => ({ ip_address, ip_mask, port_num })) }
          : null,
      };
    },
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
