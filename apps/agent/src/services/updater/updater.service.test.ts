import { randomUUID } from 'node:crypto';
import { mkdtemp, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AgentConfig, type AgentServiceVersion, agentConfigSchema } from '@syrx/contracts/agent-protocol';
import { serviceIds } from '@syrx/contracts/services';
import { createLogger, serviceLogger } from '../../logger.ts';
import { type PackageServer, startPackageServer } from '../../testing/package-server.ts';
import { brokenServicePackage, healthyServicePackage, silentServicePackage } from '../../testing/service-packages.ts';
import type { ServiceModule, ServiceSupervisor } from '../service-module.ts';
import { PackageInstaller } from './package-installer.ts';
import { AgentBuilds, agentServiceId } from './self-update.ts';
import { createUpdaterService } from './updater.service.ts';

const service = serviceIds.control;
const credentials = { controllerId: randomUUID(), password: 'controller-secret' };
let server: PackageServer;
let dataDir: string;
const lines: { level: number; logger: string; service: string; msg: string }[] = [];
const running: ServiceModule[] = [];

beforeEach(async () => {
  server = await startPackageServer(credentials);
  dataDir = await mkdtemp(join(tmpdir(), 'syrx-updater-'));
  lines.length = 0;
});
afterEach(async () => {
  for (const u of running.splice(0)) await u.stop?.();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

function updater(healthTimeoutSeconds = 10): ServiceModule & { supervisor: ServiceSupervisor } {
  const root = createLogger('info', {}, { destination: { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) } });
  const u = createUpdaterService('1.0.0', {
    serverUrl: server.url, controllerId: credentials.controllerId, controllerPassword: credentials.password, dataDir,
    loggerOf: (id) => serviceLogger(root, id), healthTimeoutSeconds,
  });
  running.push(u);
  if (!u.supervisor) throw new Error('the updater supervises nothing');
  return u as ServiceModule & { supervisor: ServiceSupervisor };
}

const config = (versions: AgentServiceVersion[], assigned = '>=1.0.0 <2.0.0-0'): AgentConfig =>
  agentConfigSchema.parse({ enabled_services: [{ service_id: serviceIds.updater, assigned_version: '*' }, { service_id: service, assigned_version: assigned, versions }], bacnet: null });
const stateOf = (u: { supervisor: ServiceSupervisor }) => u.supervisor.services().get(service);
const settle = (u: { supervisor: ServiceSupervisor }, version: string | null, state: string) =>
  vi.waitFor(() => expect(stateOf(u)).toMatchObject({ version, rollout: { state } }), { timeout: 15_000, interval: 50 });

describe('the updater', () => {
  it('runs the highest version in the range in place of the built-in module, and rolls a broken one back', async () => {
    const u = updater();
    const changes = vi.fn();
    u.supervisor.onChange(changes);
    const v100 = server.publish(service, '1.0.0', healthyServicePackage(service, '1.0.0'));
    const v110 = server.publish(service, '1.1.0', healthyServicePackage(service, '1.1.0'));
    u.configure?.(config([v100, v110]));
    await settle(u, '1.1.0', 'up_to_date');
    expect(stateOf(u)).toMatchObject({ state: 'active', rollout: { target_version: null, reason: null }, diagnostics: { restarts: 0 } });
    expect(u.supervisor.takenOver()).toEqual(new Set([service]));
    expect(changes).toHaveBeenCalled();
    expect(await readlink(join(dataDir, 'services', service, 'current'))).toBe('1.1.0');
    // Its output is the service's log; the updater's lines too, under the service.
    await vi.waitFor(() => expect(lines.some((l) => l.service === service && l.msg === `${service} 1.1.0 started`)).toBe(true));
    expect(lines.some((l) => l.logger === `${service}.Updater` && l.msg === `${service} 1.1.0 is running and healthy`)).toBe(true);

    const v120 = server.publish(service, '1.2.0', brokenServicePackage(service, '1.2.0'));
    u.configure?.(config([v100, v110, v120]));
    await settle(u, '1.1.0', 'rolled_back');
    const after = stateOf(u);
    expect(after).toMatchObject({ state: 'active', rollout: { target_version: '1.2.0' } });
    expect(after?.rollout.reason).toBe('it exited with code 1: Error: broken build: the configuration file is missing');
    const error = lines.find((l) => l.level === 50 && l.logger === `${service}.Updater`);
    expect(error?.msg).toMatch(new RegExp(`^${service} 1\\.2\\.0 did not become healthy: it exited with code 1: .*broken build.*; rolled back to 1\\.1\\.0$`));
    expect(await readlink(join(dataDir, 'services', service, 'current'))).toBe('1.1.0');

    // The same configuration again (the server pushes it often) leaves things as they are: 1.2.0 is not tried again.
    const downloads = server.requests.length;
    u.configure?.(config([v100, v110, v120]));
    await new Promise((r) => setTimeout(r, 300));
    expect(server.requests).toHaveLength(downloads);
    expect(stateOf(u)).toMatchObject({ version: '1.1.0', rollout: { state: 'rolled_back', target_version: '1.2.0' } });

    // Nothing published any more: the package stops and the built-in module runs the service again.
    u.configure?.(config([]));
    await settle(u, null, 'built_in');
    expect(u.supervisor.takenOver()).toEqual(new Set());
  }, 30_000);

  it('remembers a failed version across restarts, and starts the current one without downloading it again', async () => {
    const v110 = server.publish(service, '1.1.0', healthyServicePackage(service, '1.1.0'));
    const v120 = server.publish(service, '1.2.0', brokenServicePackage(service, '1.2.0'));
    const first = updater();
    first.configure?.(config([v110]));
    await settle(first, '1.1.0', 'up_to_date');
    first.configure?.(config([v110, v120]));
    await settle(first, '1.1.0', 'rolled_back');
    await first.stop?.();
    const downloads = server.requests.length;

    const second = updater();
    second.configure?.(config([v110, v120]));
    await settle(second, '1.1.0', 'rolled_back');
    expect(stateOf(second)).toMatchObject({ state: 'active', rollout: { target_version: '1.2.0' } });
    expect(server.requests).toHaveLength(downloads);
  }, 30_000);

  it('rolls back to the built-in module when the first version never reports healthy, and reports a refused download', async () => {
    const u = updater(1);
    u.configure?.(config([server.publish(service, '1.0.0', silentServicePackage(service, '1.0.0'))]));
    await settle(u, null, 'rolled_back');
    expect(stateOf(u)).toMatchObject({ state: null, rollout: { target_version: '1.0.0', reason: 'it did not report healthy within 1 s' } });
    expect(u.supervisor.takenOver()).toEqual(new Set());

    const corrupted = server.publish(service, '1.0.1', healthyServicePackage(service, '1.0.1'), { serve: Buffer.from('garbage') });
    u.configure?.(config([corrupted]));
    await settle(u, null, 'failed');
    expect(stateOf(u)?.rollout).toMatchObject({ target_version: '1.0.1' });
    expect(stateOf(u)?.rollout.reason).toMatch(new RegExp(`^sha256 mismatch: downloaded [0-9a-f]{64}, ${corrupted.sha256} was published$`));
    expect(lines.some((l) => l.level === 50 && l.msg.startsWith(`cannot install ${service} 1.0.1: sha256 mismatch`))).toBe(true);
  }, 30_000);

  it('starts a version that ends unexpectedly again', async () => {
    const u = updater();
    u.configure?.(config([server.publish(service, '1.1.0', healthyServicePackage(service, '1.1.0'))]));
    await settle(u, '1.1.0', 'up_to_date');
    const pid = stateOf(u)?.diagnostics?.pid as number;
    process.kill(pid, 'SIGKILL');
    await vi.waitFor(() => expect(stateOf(u)).toMatchObject({ state: 'active', diagnostics: { restarts: 1 } }), { timeout: 10_000, interval: 50 });
    expect(stateOf(u)?.diagnostics?.pid).not.toBe(pid);
    expect(lines.some((l) => l.level === 50 && l.msg === `${service} 1.1.0 ended unexpectedly (it was killed by SIGKILL); starting it again in 1 s`)).toBe(true);
  }, 30_000);

  it('leaves the agent’s own parts to the agent, saying why', () => {
    const u = updater();
    const published = [server.publish(serviceIds.query, '2.0.0', healthyServicePackage(serviceIds.query, '2.0.0'))];
    u.configure?.(agentConfigSchema.parse({ enabled_services: [{ service_id: serviceIds.query, assigned_version: '*', versions: published }], bacnet: null }));
    expect(u.supervisor.services().get(serviceIds.query)).toMatchObject({ version: null, state: null, rollout: { state: 'built_in', reason: expect.stringMatching(/part of the agent/) as string } });
    expect(u.supervisor.takenOver()).toEqual(new Set());
  });
});

/** The updater of an agent run by the supervisor as build `build` (version `version`). */
function selfUpdater(version: string, build: string, restart = vi.fn()): ServiceModule & { supervisor: ServiceSupervisor } {
  const root = createLogger('info', {}, { destination: { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) } });
  const u = createUpdaterService(version, {
    serverUrl: server.url, controllerId: credentials.controllerId, controllerPassword: credentials.password, dataDir,
    loggerOf: (id) => serviceLogger(root, id), selfUpdate: { build, restart },
  });
  running.push(u);
  return u as ServiceModule & { supervisor: ServiceSupervisor };
}
const agentConfig = (versions: AgentServiceVersion[]): AgentConfig =>
  agentConfigSchema.parse({ enabled_services: [{ service_id: agentServiceId, assigned_version: '>=1.0.0 <2.0.0-0', versions }], bacnet: null });
const rolloutOf = (u: { supervisor: ServiceSupervisor }) => u.supervisor.services().get(agentServiceId);
const builds = () => new AgentBuilds(new PackageInstaller({ root: join(dataDir, 'services'), serverUrl: server.url, controllerId: credentials.controllerId, controllerPassword: credentials.password }));
const agentBuild = (version: string) => server.publish(agentServiceId, version, healthyServicePackage(agentServiceId, version));

describe('the agent’s update of itself (Syrx.UpdaterService packages are builds of the agent)', () => {
  it('installs a newer build beside the running one, marks it pending, switches current and restarts into it', async () => {
    const restart = vi.fn();
    const u = selfUpdater('1.0.0', 'base', restart);
    const v100 = agentBuild('1.0.0');
    const v101 = agentBuild('1.0.1');
    u.configure?.(agentConfig([v100, v101]));
    await vi.waitFor(() => expect(restart).toHaveBeenCalledOnce(), { timeout: 10_000, interval: 50 });
    expect(rolloutOf(u)).toMatchObject({ version: null, state: null, rollout: { state: 'updating', target_version: '1.0.1' } });
    expect(await builds().pending()).toMatchObject({ version: '1.0.1', sha256: v101.sha256, previous: null, starts: 0 });
    expect(await readlink(join(dataDir, 'services', agentServiceId, 'current'))).toBe('1.0.1');
    expect(lines.some((l) => l.logger === `${agentServiceId}.Updater` && l.msg === 'restarting into the agent 1.0.1')).toBe(true);
    // The updater's module keeps reporting the agent's own version (the heartbeat's reported_version).
    expect(u.version).toBe('1.0.0');

    // The new build, started by the supervisor: it runs the highest version, nothing more to do.
    const downloads = server.requests.length;
    const next = selfUpdater('1.0.1', '1.0.1', restart);
    next.configure?.(agentConfig([v100, v101]));
    await vi.waitFor(() => expect(rolloutOf(next)?.rollout.state).toBe('up_to_date'), { timeout: 10_000, interval: 50 });
    expect(restart).toHaveBeenCalledOnce();
    expect(server.requests).toHaveLength(downloads);
  });

  it('downloads no newer build while its own is on probation, and goes on once the supervisor accepts it', async () => {
    const v101 = agentBuild('1.0.1');
    const v102 = agentBuild('1.0.2');
    const b = builds();
    await b.handOver(await b.installer.install(agentServiceId, v101), 'base');
    const downloads = server.requests.length;
    const restart = vi.fn();
    const u = selfUpdater('1.0.1', '1.0.1', restart);
    u.configure?.(agentConfig([v101, v102]));
    // Handing over now would end 1.0.1 before the supervisor took it as healthy: read as a failed start.
    await sleep(700);
    expect(server.requests).toHaveLength(downloads);
    expect(restart).not.toHaveBeenCalled();

    await b.setPending(null); // the supervisor accepts 1.0.1
    await vi.waitFor(() => expect(restart).toHaveBeenCalledOnce(), { timeout: 10_000, interval: 50 });
    expect(await b.pending()).toMatchObject({ version: '1.0.2', sha256: v102.sha256, previous: '1.0.1' });
  });

  it('reports a build the supervisor rolled back, and does not try it again', async () => {
    const v101 = agentBuild('1.0.1');
    const v102 = server.publish(agentServiceId, '1.0.2', brokenServicePackage(agentServiceId, '1.0.2'));
    const b = builds();
    await b.installer.markFailed(agentServiceId, { version: '1.0.2', sha256: v102.sha256, reason: 'it exited with code 1: Error: broken', at: new Date().toISOString() });
    await b.installer.install(agentServiceId, v101);
    await b.report({ version: '1.0.2', reason: 'it exited with code 1: Error: broken', rolled_back_to: '1.0.1', at: new Date().toISOString() });

    const restart = vi.fn();
    const u = selfUpdater('1.0.1', '1.0.1', restart);
    u.configure?.(agentConfig([v101, v102]));
    await vi.waitFor(() => expect(rolloutOf(u)?.rollout).toMatchObject({ state: 'rolled_back', target_version: '1.0.2', reason: 'it exited with code 1: Error: broken' }), { timeout: 10_000, interval: 50 });
    expect(restart).not.toHaveBeenCalled();
    expect(lines.filter((l) => l.level === 50).map((l) => [l.logger, l.msg])).toEqual([
      [`${agentServiceId}.Updater`, 'the agent 1.0.2 did not become healthy: it exited with code 1: Error: broken; rolled back to 1.0.1'],
    ]);
    expect(await b.takeReport()).toBeNull();
  });

  it('leaves the agent to its package when it runs without the supervisor', () => {
    const root = createLogger('silent');
    const u = createUpdaterService('1.0.0', { serverUrl: server.url, controllerId: credentials.controllerId, controllerPassword: credentials.password, dataDir, loggerOf: (id) => serviceLogger(root, id) });
    running.push(u);
    u.configure?.(agentConfig([agentBuild('1.0.1')]));
    expect(u.supervisor?.services().get(serviceIds.updater)).toMatchObject({ rollout: { state: 'built_in', reason: expect.stringMatching(/part of the agent/) as string } });
    expect(server.requests).toHaveLength(0);
  });
});
