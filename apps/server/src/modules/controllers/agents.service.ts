import type { AgentConfig, AgentServiceVersion, Heartbeat } from '@syrx/contracts/agent-protocol';
import { AppError } from '@syrx/contracts/errors';
import type { CriticalStatusesReport } from '@syrx/contracts/realtime';
import { disabledPressureConfig } from '@syrx/contracts/pressure-control';
import { defaultReportingPollSeconds, type ReportingPoint } from '@syrx/contracts/records';
import { canonicalServiceId, serviceIds } from '@syrx/contracts/services';
import type { Db } from '../../db/client.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import type { PointsService } from '../points/points.service.ts';
import type { PressureControlService } from '../pressure-control/pressure-control.service.ts';
import type { ServiceVersionsService } from '../service-versions/service-versions.service.ts';
import { dummySecretHash, hashSecret, isSecretHash, VerifiedSecrets } from '../../lib/passwords.ts';
import { CoalescingBatcher } from '../../lib/coalescing-batcher.ts';
import { batchedRead, groupedBy } from '../../lib/batched-read.ts';
import type { CredentialBackoff } from '../../lib/credential-backoff.ts';
import { connectionRepo } from './connection.repo.ts';
import { controllersRepo } from './controllers.repo.ts';
import { enabledServicesRepo } from './enabled-services.repo.ts';
import { recordHeartbeats } from './heartbeats.repo.ts';
import { statusReportsRepo } from './status-reports.repo.ts';

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
  devices: Pick<DevicesService, 'agentDevicesOf'> = { agentDevicesOf: async () => new Map() },
  points: Pick<PointsService, 'reportingPointsOf'> = { reportingPointsOf: async () => new Map() },
  pressure: Pick<PressureControlService, 'agentConfig'> = { agentConfig: async () => disabledPressureConfig },
  versions: Pick<ServiceVersionsService, 'agentVersions'> = { agentVersions: async () => new Map<string, AgentServiceVersion[]>() },
  backoff?: CredentialBackoff,
) {
  const secrets = new VerifiedSecrets();
  // Read for many agents at once (lib/batched-read.ts): a fleet reconnecting after a restart asks for thousands of
  // secrets and configurations within seconds (issue 26). An id that is no UUID reads as no controller (db/array-params.ts).
  const storedSecrets = batchedRead('controller-secrets', async (ids) => {
    const found = await controllersRepo.secretHashesOf(db, ids);
    return new Map(ids.map((id) => [id, found.get(id) ?? null]));
  });
  const configs = batchedRead('agent-configs', configsOf);
  /**
   * Checks an agent's credentials: 'ok', 'invalid', or 'wait' when `from` (the client address) is held back for this
   * controller. Failures back off per address and controller (lib/credential-backoff.ts, shared through Redis when
   * REDIS_URL is set): an address that keeps failing is held back for longer each time, and a held-back attempt is
   * refused without an argon2 verification, unless it brings credentials that verified before on this instance (an
   * agent reconnecting). No other address is held back: the controller's own agent gets in at once while someone
   * elsewhere guesses. Per controller too, because behind a balancer every agent has the balancer's address.
   */
  async function check(controllerId: string, password: string, from?: string): Promise<'ok' | 'invalid' | 'wait'> {
    const stored = await storedSecrets.get(controllerId);
    const hash = stored ?? dummySecretHash;
    const counted = backoff !== undefined && from !== undefined;
    if (counted && (await backoff.check(from, controllerId)) === 'wait') return stored !== null && secrets.knows(hash, password) ? 'ok' : 'wait';
    if (stored !== null && (await secrets.verify(hash, password))) {
      // A secret stored as argon2 (before secrets were stored as SHA-256) takes the new form once it verifies.
      if (!isSecretHash(hash)) await controllersRepo.replaceSecretHash(db, controllerId, hash, hashSecret(password));
      return 'ok';
    }
    if (counted) await backoff.failed(from, controllerId);
    return 'invalid';
  }
  const authenticate = async (controllerId: string, password: string, from?: string): Promise<boolean> => (await check(controllerId, password, from)) === 'ok';

  /**
   * The configurations of the controllers as their agents get them, in a statement per part for all of them (not per
   * controller): what they run, where their BACnet network is, the devices and points they watch. Controllers that
   * enabled nothing (or no longer exist) get an empty one.
   */
  async function configsOf(ids: string[]): Promise<Map<string, AgentConfig>> {
    const servicesOf = groupedBy(await enabledServicesRepo.listOf(db, ids), (s) => s.syrx_controller_id);
    const connections = new Map((await connectionRepo.findOf(db, ids)).map((c) => [c.syrx_controller_id, c]));
    const bbmdOf = groupedBy(await connectionRepo.bbmdOf(db, ids), (b) => b.syrx_controller_id);
    const runs = (id: string, serviceId: string) => (servicesOf.get(id) ?? []).some((s) => s.service_id === serviceId);
    const published = await versions.agentVersions([...new Set([...servicesOf.values()].flat().map((s) => s.service_id))]);
    const devicesOf = await devices.agentDevicesOf(ids);
    const reporting = ids.filter((id) => runs(id, serviceIds.reporting));
    const pointsOf = reporting.length > 0 ? await points.reportingPointsOf(reporting) : new Map<string, ReportingPoint[]>();
    const configs = new Map<string, AgentConfig>();
    for (const id of ids) {
      const connection = connections.get(id);
      configs.set(id, {
        enabled_services: (servicesOf.get(id) ?? []).map((s) => ({ service_id: s.service_id, assigned_version: s.assigned_version, versions: published.get(s.service_id) ?? [] })),
        devices: devicesOf.get(id) ?? [],
        reporting: { enabled: runs(id, serviceIds.reporting), poll_seconds: reportingPollSeconds, points: pointsOf.get(id) ?? [] },
        // Read per controller, only for those that run pressure control (few).
        pressure_control: await pressure.agentConfig(id, runs(id, serviceIds.pressure)),
        bacnet: connection
          ? {
            ip_address: connection.ip_address, port_num: connection.port_num, bbmd_servers: (bbmdOf.get(id) ?? []).map(({ ip_address, ip_mask, port_num }) => ({ ip_address, ip_mask, port_num })),
            apdu_timeout_ms: connection.apdu_timeout_ms, apdu_retries: connection.apdu_retries,
          }
          : null,
      });
    }
    return configs;
  }

  // Batches by time and count (10 ms or 500 heartbeats, three written at once) so an acknowledgement waits for its own
  // batch's write, not behind a slow one (issue 26: heartbeat acknowledgement p99 < 100 ms). A batch is one statement
  // of a few milliseconds: at 18,000 agents (1,800 heartbeats a second) 10 ms makes batches of about 18.
  const heartbeats = new CoalescingBatcher<Heartbeat, CriticalStatusesReport | null>((batch) => recordHeartbeats(db, batch), 10, 500, 3, 'heartbeats');

  return {
    check,
    authenticate,

    /**
     * An agent's HTTP call for one of its services (a package download): 401 unless the credentials are the
     * controller's (checked as the socket handshake checks them), 403 unless the controller has the service enabled.
     */
    async requireServiceAccess(controllerId: string, password: string, serviceId: string, from?: string): Promise<void> {
      const verdict = await check(controllerId, password, from);
      if (verdict === 'wait') throw new AppError('rate_limited', 429, 'Too many failed attempts from this address. Please wait and try again.');
      if (verdict !== 'ok') throw AppError.unauthenticated('Invalid controller credentials.');
      const canonical = canonicalServiceId(serviceId);
      if (!canonical || !(await enabledServicesRepo.find(db, controllerId, canonical))) throw AppError.forbidden('The controller does not have this service enabled.');
    },

    /** The controllers whose agents run the service (their configuration lists its published versions). */
    controllersWithService: (serviceId: string): Promise<string[]> => enabledServicesRepo.controllersWith(db, serviceId),

    /**
     * A heartbeat is the agent's contact: last contact, reported versions and diagnostics of its services (the latest
     * report replaces the previous one), and its unit statuses. Answers the new status report when the statuses
     * changed (or are the first), else null. Heartbeats of every agent are written together, a batch every
     * 10 ms (heartbeats.repo.ts): thousands of agents cost a statement every 10 ms, not a transaction each.
     */
    recordHeartbeat(controllerId: string, hb: Heartbeat): Promise<CriticalStatusesReport | null> {
      return heartbeats.add(controllerId, hb);
    },

    /**
     * The controller's agent left (its last connection closed at `at`): its report no longer counts. Answers the report as
     * the browsers should now see it, or null (no report yet, already marked, or a heartbeat came after `at`).
     */
    agentLeft: (controllerId: string, at: Date): Promise<CriticalStatusesReport | null> => statusReportsRepo.markDisconnected(db, controllerId, at),

    /**
     * Which of the controllers `ids` fell silent (connected, but no heartbeat for two intervals) since the previous
     * check, whose database time `since` is (null: the first check, looking `windowSeconds` back); answers this check's.
     */
    newlySilent: (ids: readonly string[], since: string | null, windowSeconds: number) => statusReportsRepo.newlySilent(db, ids, since, windowSeconds),

    /** Writes the heartbeats still pending and answers the reads asked; later ones are refused (the server is closing). */
    close: async () => {
      await Promise.all([heartbeats.close(), storedSecrets.close(), configs.close()]);
    },

    /** The controller's configuration as its agent gets it, read with the other agents' of the moment. */
    config: (controllerId: string): Promise<AgentConfig> => configs.get(controllerId),
  };
}
export type AgentsService = ReturnType<typeof createAgentsService>;
