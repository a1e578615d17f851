import { dirname, join } from 'node:path';
import { agentVersion } from '../agent.ts';
import { loadSettings } from '../config/env.ts';
import { createLogger, serviceLogger } from '../logger.ts';
import { AgentSupervisor } from '../services/updater/agent-supervisor.ts';
import { PackageInstaller } from '../services/updater/package-installer.ts';
import { AgentBuilds, agentServiceId } from '../services/updater/self-update.ts';

/**
 * `syrx-agent run`: the supervisor (AgentSupervisor) of the agent's builds, run from `entry`, the package's own bundle.
 * It reads the settings only to find the controller's folder and the time-out; the agent it starts reads them again.
 * Resolves with the exit code once SIGTERM or SIGINT has stopped the agent.
 */
export async function supervise(args: string[], entry: string): Promise<number> {
  const settings = loadSettings(args);
  const root = createLogger(settings.logLevel, { controllerId: settings.controllerId });
  const installer = new PackageInstaller({
    root: join(settings.dataDir, settings.controllerId, 'services'),
    serverUrl: settings.serverUrl,
    controllerId: settings.controllerId,
    controllerPassword: settings.controllerPassword,
  });
  const supervisor = new AgentSupervisor({
    builds: new AgentBuilds(installer),
    base: { serviceId: agentServiceId, version: agentVersion, sha256: '', dir: dirname(dirname(entry)), entry },
    args,
    env: process.env,
    healthTimeoutMs: settings.agentHealthTimeoutSeconds * 1000,
    logger: serviceLogger(root, agentServiceId, 'Syrx.Agent'),
    // Within systemd's TimeoutStopSec (15 s), after the agent's own 10 s limit.
    stopGraceMs: 12_000,
  });
  const stop = new AbortController();
  process.once('SIGTERM', () => stop.abort());
  process.once('SIGINT', () => stop.abort());
  await supervisor.run(stop.signal);
  return 0;
}
