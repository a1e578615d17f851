import { join } from 'node:path';
import type { AgentConfig } from '@syrx/contracts/agent-protocol';
import type { ServiceRollout } from '@syrx/contracts/service-rollout';
import { canonicalServiceId, serviceIds, serviceUnits } from '@syrx/contracts/services';
import { type Logger, subLogger } from '../../logger.ts';
import type { ServiceModule, ServiceSupervisor, SupervisedService } from '../service-module.ts';
import { PackageInstaller } from './package-installer.ts';
import { AgentBuilds, selfBuild } from './self-update.ts';
import { RolloutController } from './service-rollout.ts';

export interface RolloutOptions {
  serverUrl: string;
  controllerId: string;
  controllerPassword: string;
  /** The controller's data folder: packages go to its `services/` folder. */
  dataDir: string;
  /** Each service's logger (its lines reach that service's logs). */
  loggerOf(serviceId: string): Logger;
  /** How long a new version has to report healthy before it is rolled back (default 30 s). */
  healthTimeoutSeconds?: number;
  /** How long after a failed download it is tried again (default 300 s). */
  retrySeconds?: number;
  /**
   * Run by the supervisor (`syrx-agent run`): the agent updates itself from the published versions of the updater
   * (its own builds). `build` is the build it runs (`--agent-build`), `restart` ends it with restartExitCode.
   */
  selfUpdate?: { build: string; restart(): void };
}

/**
 * Parts of the agent itself, never run from a package: the updater, and the BACnet network query service, whose
 * interface the reporting and pressure control modules share in this process. They are updated with the agent; under
 * the supervisor (`selfUpdate`) the updater's packages are the agent's own builds, which it updates itself to.
 */
const partsOfTheAgent: ReadonlySet<string> = new Set([serviceIds.updater, serviceIds.query]);
const partOfTheAgent = 'part of the agent: updated with the agent, not from published versions';

/**
 * The updater keeps the enabled services at their assigned versions: for each service with published versions it
 * runs the highest one the assigned range allows, from a package (RolloutController), in place of the agent's own
 * module. Without `rollout` (tests of other services) it only reports the agent's version for itself.
 */
export function createUpdaterService(version: string, rollout?: RolloutOptions): ServiceModule {
  const base = { id: serviceIds.updater, version, unit: serviceUnits[serviceIds.updater], state: () => 'active' as const };
  if (!rollout) return base;

  const installer = new PackageInstaller({
    root: join(rollout.dataDir, 'services'),
    serverUrl: rollout.serverUrl,
    controllerId: rollout.controllerId,
    controllerPassword: rollout.controllerPassword,
  });
  const builds = rollout.selfUpdate ? new AgentBuilds(installer) : null;
  const self = builds && rollout.selfUpdate ? selfBuild(builds, { ...rollout.selfUpdate, version }) : undefined;
  const controllers = new Map<string, RolloutController>();
  /** The agent's own parts that have published versions: reported as built in, with why. */
  const agentParts = new Map<string, ServiceRollout>();
  const listeners: (() => void)[] = [];
  const changed = () => listeners.forEach((l) => l());
  const controllerOf = (serviceId: string) => {
    let c = controllers.get(serviceId);
    if (!c) {
      c = new RolloutController({
        serviceId,
        installer,
        logger: rollout.loggerOf(serviceId),
        healthTimeoutMs: (rollout.healthTimeoutSeconds ?? 30) * 1000,
        retryMs: (rollout.retrySeconds ?? 300) * 1000,
        changed,
        ...(serviceId === serviceIds.updater && self ? { self } : {}),
      });
      controllers.set(serviceId, c);
    }
    return c;
  };

  const supervisor: ServiceSupervisor = {
    takenOver: () => new Set([...controllers].filter(([, c]) => c.takesOver()).map(([id]) => id)),
    services() {
      const all = new Map<string, SupervisedService>([...controllers].map(([id, c]) => [id, c.describe()]));
      for (const [id, r] of agentParts) all.set(id, { version: null, state: null, rollout: r });
      return all;
    },
    onChange: (listener) => listeners.push(listener),
  };

  // The supervisor rolled a build of the agent back before starting this one: said once, in the updater's log.
  void builds?.takeReport().then((r) => {
    if (!r) return;
    const { version: v, reason, rolled_back_to } = r;
    subLogger(rollout.loggerOf(serviceIds.updater), 'Updater').error({ version: v, reason, rolled_back_to }, `the agent ${v} did not become healthy: ${reason}; rolled back to ${rolled_back_to}`);
  });

  return {
    ...base,
    supervisor,
    configure(config: AgentConfig) {
      const enabled = new Set<string>();
      for (const entry of config.enabled_services) {
        const id = canonicalServiceId(entry.service_id);
        if (!id) continue;
        enabled.add(id);
        if (!partsOfTheAgent.has(id) || (id === serviceIds.updater && self)) controllerOf(id).want({ ...entry, service_id: id });
        else if (entry.versions.length > 0 && !agentParts.has(id)) agentParts.set(id, { state: 'built_in', target_version: null, reason: partOfTheAgent, since: new Date().toISOString() });
        else if (entry.versions.length === 0) agentParts.delete(id);
      }
      for (const id of agentParts.keys()) if (!enabled.has(id)) agentParts.delete(id);
      for (const [id, c] of controllers) if (!enabled.has(id)) c.want(null);
    },
    async stop() {
      await Promise.all([...controllers.values()].map((c) => c.stop()));
    },
  };
}
