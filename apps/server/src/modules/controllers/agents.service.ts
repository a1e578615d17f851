import type { AgentConfig, AgentServiceVersion, Heartbeat } from '@syrx/contracts/agent-protocol';
import { AppError } from '@syrx/contracts/errors';
import type { CriticalStatusesReport } from '@syrx/contracts/realtime';
import { disabledPressureConfig } from '@syrx/contracts/pressure-control';
import { defaultReportingPollSeconds } from '@syrx/contracts/records';
import { canonicalServiceId, serviceIds } from '@syrx/contracts/services';
import type { Db } from '../../db/client.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import type { PointsService } from '../points/points.service.ts';
import type { PressureControlService } from '../pressure-control/pressure-control.service.ts';
import type { ServiceVersionsService } from '../service-versions/service-versions.service.ts';
import { dummyPasswordHash, VerifiedSecrets } from '../../lib/passwords.ts';
import { CoalescingBatcher } from '../../lib/coalescing-batcher.ts';
import { FailureLimiter } from '../../lib/failure-limiter.ts';
import { connectionRepo } from './connection.repo.ts';
import { controllersRepo } from './controllers.repo.ts';
import { enabledServicesRepo } from './enabled-services.repo.ts';
import { recordHeartbeats } from './heartbeats.repo.ts';

/** How often the reporting service polls points without COV. One setting for every controller for now. */
export const reportingPollSeconds = defaultReportingPollSeconds;

/**
 * What the server does for a controller's agent: check its credentials, record its reports, tell it its configuration.
 * @param devices the devices service, for the devices the agent watches (app.ts passes it; without it the list is empty)
 * @param points the points service, for the points the reporting service collects (likewise)
 * @param pressure the pressure control service, for what its loop runs (likewise: disabled without it)
 * @param versions the service versions, for the published versions of each enabled service (likewise: none without it)
 */
export function createAgentsService(
  db: Db,
  devices: Pick<DevicesService, 'agentDevices'> = { agentDevices: async () => [] },
  points: Pick<PointsService, 'reportingPoints'> = { reportingPoints: async () => [] },
  pressure: Pick<PressureControlService, 'agentConfig'> = { agentConfig: async () => disabledPressureConfig },
  versions: Pick<ServiceVersionsService, 'agentVersions'> = { agentVersions: async () => new Map<string, AgentServiceVersion[]>() },
  failuresPerMinute = 10,
) {
  const secrets = new VerifiedSecrets();
  const failures = new FailureLimiter(failuresPerMinute);
  /**
   * Checks an agent's credentials. `from` (the client address) counts failures per address and controller id: past
   * `failuresPerMinute` in a minute, only credentials that verified before are accepted for that controller from there,
   * so guessing a controller's secret costs no argon2 verification until the minute ends. Per controller, because
   * behind a balancer every agent has the balancer's address: one agent with a stale secret must not lock out the rest.
   */
  async function authenticate(controllerId: string, password: string, from?: string): Promise<boolean> {
    const c = await controllersRepo.find(db, controllerId);
    const hash = c?.secretHash ?? dummyPasswordHash;
    const key = from === undefined ? null : `${from} ${controllerId}`;
    const ok = key !== null && failures.blocked(key) ? secrets.knows(hash, password) : await secrets.verify(hash, password);
    if (c && ok) return true;
    if (key !== null) failures.fail(key);
    return false;
  }

  const heartbeats = new CoalescingBatcher<Heartbeat, CriticalStatusesReport | null>((batch) => recordHeartbeats(db, batch), 250, 2000);

  return {
    authenticate,

    /**
     * An agent's HTTP call for one of its services (a package download): 401 unless the credentials are the
     * controller's (checked as the socket handshake checks them), 403 unless the controller has the service enabled.
     */
    async requireServiceAccess(controllerId: string, password: string, serviceId: string, from?: string): Promise<void> {
      if (!(await authenticate(controllerId, password, from))) throw AppError.unauthenticated('Invalid controller credentials.');
      const canonical = canonicalServiceId(serviceId);
      if (!canonical || !(await enabledServicesRepo.find(db, controllerId, canonical))) throw AppError.forbidden('The controller does not have this service enabled.');
    },

    /** The controllers whose agents run the service (their configuration lists its published versions). */
    controllersWithService: (serviceId: string): Promise<string[]> => enabledServicesRepo.controllersWith(db, serviceId),

    /**
     * A heartbeat is the agent's contact: last contact, reported versions and diagnostics of its services (the latest
     * report replaces the previous one), and its unit statuses. Answers the new status report when the statuses
     * changed (or are the first), else null. Heartbeats of every agent are written together, a batch every
     * quarter-second (heartbeats.repo.ts): thousands of agents cost a few statements a second, not a transaction each.
     */
    recordHeartbeat(controllerId: string, hb: Heartbeat): Promise<CriticalStatusesReport | null> {
      return heartbeats.add(controllerId, hb);
    },

    /** Writes the heartbeats still pending; later ones are refused (the server is closing). */
    close: () => heartbeats.close(),

    async config(controllerId: string): Promise<AgentConfig> {
      const services = await enabledServicesRepo.list(db, controllerId);
      const connection = await connectionRepo.find(db, controllerId);
      const bbmd = await connectionRepo.listBbmd(db, controllerId);
      const reporting = services.some((s) => s.service_id === serviceIds.reporting);
      const published = await versions.agentVersions(services.map((s) => s.service_id));
      return {
        enabled_services: services.map((s) => ({ service_id: s.service_id, assigned_version: s.assigned_version, versions: published.get(s.service_id) ?? [] })),
        devices: await devices.agentDevices(controllerId),
        reporting: { enabled: reporting, poll_seconds: reportingPollSeconds, points: reporting ? await points.reportingPoints(controllerId) : [] },
        pressure_control: await pressure.agentConfig(controllerId, services.some((s) => s.service_id === serviceIds.pressure)),
        bacnet: connection
          ? { ip_address: connection.ip_address, port_num: connection.port_num, bbmd_servers: bbmd.map(({ ip_address, ip_mask, port_num }) => ({ ip_address, ip_mask, port_num })) }
          : null,
      };
    },
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
