import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../logger.ts';
import { AgentSupervisor } from './agent-supervisor.ts';
import { type InstalledPackage, PackageInstaller } from './package-installer.ts';
import { AgentBuilds, agentServiceId, restartExitCode, selfBuild } from './self-update.ts';
import { installedManifestName } from './service-package.ts';

/**
 * Builds of the agent as small Node programs: each appends "<version> <pid> <arguments>" to the run log, and, as the
 * agent does, answers the health check (or not) and ends with restartExitCode on SIGUSR2 (a hand-over).
 */
const programs = {
  healthy: `process.on('message', (m) => { if (m?.type === 'syrx:health') process.send({ type: 'syrx:health', status: 'healthy' }); });`,
  silent: '',
  broken: `throw new Error('broken build: cannot start');`,
};

let root: string;
let runLog: string;
let builds: AgentBuilds;
let base: InstalledPackage;
const lines: { level: number; msg: string }[] = [];
let stop = new AbortController();
let running: Promise<void> | null;

async function writeBuild(dir: string, version: string, kind: keyof typeof programs): Promise<InstalledPackage> {
  await mkdir(dir, { recursive: true });
  const entry = join(dir, 'agent.mjs');
  await writeFile(entry, [
    `import { appendFileSync } from 'node:fs';`,
    `appendFileSync(${JSON.stringify(runLog)}, \`${version} \${process.pid} \${process.argv.slice(2).join(' ')}\\n\`);`,
    programs[kind],
    `process.on('SIGUSR2', () => process.exit(${restartExitCode}));`,
    `process.on('disconnect', () => process.exit(0));`,
    'setInterval(() => undefined, 60_000);',
  ].join('\n'));
  const sha256 = `${version.replaceAll('.', '')}`.padEnd(64, '0');
  await writeFile(join(dir, installedManifestName), JSON.stringify({ service_id: agentServiceId, version, entry: 'agent.mjs', sha256 }));
  return { serviceId: agentServiceId, version, sha256, dir, entry };
}
const install = (version: string, kind: keyof typeof programs) => writeBuild(join(builds.dir, version), version, kind);

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'syrx-agent-supervisor-'));
  runLog = join(root, 'runs.log');
  await writeFile(runLog, '');
  builds = new AgentBuilds(new PackageInstaller({ root: join(root, 'services'), serverUrl: 'http://127.0.0.1:9', controllerId: randomUUID(), controllerPassword: 'x' }));
  base = await writeBuild(join(root, 'package'), '1.0.0', 'healthy');
  lines.length = 0;
  running = null;
});
afterEach(async () => {
  stop.abort();
  await running;
  await rm(root, { recursive: true, force: true });
});

function supervise(o: { healthTimeoutMs?: number } = {}): void {
  const logger = createLogger('info', {}, { destination: { write: (line: string) => lines.push(JSON.parse(line) as (typeof lines)[number]) } });
  stop = new AbortController();
  const supervisor = new AgentSupervisor({ builds, base, args: ['--config', 'agent.json'], env: { PATH: process.env.PATH }, healthTimeoutMs: o.healthTimeoutMs ?? 10_000, logger, restartMinMs: 100 });
  running = supervisor.run(stop.signal);
}

/** The runs so far: version, pid and arguments of each start. */
async function runs(): Promise<{ version: string; pid: number; args: string }[]> {
  return (await readFile(runLog, 'utf8')).split('\n').filter(Boolean).map((l) => {
    const [version = '', pid = '', ...args] = l.split(' ');
    return { version, pid: Number(pid), args: args.join(' ') };
  });
}
const untilRuns = (n: number) => vi.waitFor(async () => expect(await runs()).toHaveLength(n), { timeout: 10_000, interval: 50 });
const pointer = (name: string) => readlink(join(builds.dir, name)).catch(() => null);
const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

describe('the agent supervisor (syrx-agent run)', () => {
  it('runs the package’s own build, restarts into a build handed over to, and keeps it once healthy', async () => {
    supervise();
    await untilRuns(1);
    expect((await runs())[0]).toMatchObject({ version: '1.0.0', args: 'agent --config agent.json --agent-build base' });

    const next = await install('1.0.1', 'healthy');
    await builds.handOver(next, 'base');
    expect(await builds.pending()).toMatchObject({ version: '1.0.1', previous: null, starts: 0 });
    process.kill((await runs())[0]!.pid, 'SIGUSR2');
    await untilRuns(2);
    expect((await runs())[1]).toMatchObject({ version: '1.0.1', args: 'agent --config agent.json --agent-build 1.0.1' });
    // The acceptance clears the mark, prunes the old builds, then says so.
    await waitFor(() => expect(lines.some((l) => l.msg === 'the agent 1.0.1 is running and healthy')).toBe(true));
    expect(await builds.pending()).toBeNull();
    expect(await pointer('current')).toBe('1.0.1');
  });

  it('lets a build on probation update itself only once the supervisor has accepted it', async () => {
    await builds.handOver(await install('1.0.1', 'healthy'), 'base');
    let accepted = false;
    const self = selfBuild(builds, { build: '1.0.1', version: '1.0.1', restart: () => undefined });
    const waiting = self.accepted().then(() => { accepted = true; });
    // Ending now would read as 1.0.1 failing its probation (rolled back to the base build), so it waits.
    await sleep(700);
    expect(accepted).toBe(false);

    await builds.setPending(null); // the supervisor accepts 1.0.1
    await waiting;
    expect(accepted).toBe(true);
    // A build not on probation (the base build, or one accepted) is not held.
    await selfBuild(builds, { build: 'base', version: '1.0.0', restart: () => undefined }).accepted();
    const stopped = new AbortController();
    await builds.handOver(await install('1.0.2', 'healthy'), '1.0.1');
    const held = selfBuild(builds, { build: '1.0.2', version: '1.0.2', restart: () => undefined }).accepted(stopped.signal);
    stopped.abort();
    await expect(held).rejects.toThrow();
  });

  it('rolls a build back that ends at start, to the build before it, and leaves the agent a report', async () => {
    await builds.installer.switchTo(agentServiceId, '1.0.1');
    await install('1.0.1', 'healthy');
    supervise();
    await untilRuns(1);
    const broken = await install('1.0.2', 'broken');
    await builds.handOver(broken, '1.0.1');
    process.kill((await runs())[0]!.pid, 'SIGUSR2');

    await untilRuns(3);
    expect((await runs()).map((r) => r.version)).toEqual(['1.0.1', '1.0.2', '1.0.1']);
    const reason = 'it exited with code 1: Error: broken build: cannot start';
    expect(await builds.installer.failedVersions(agentServiceId)).toEqual([expect.objectContaining({ version: '1.0.2', sha256: broken.sha256, reason })]);
    expect(await pointer('current')).toBe('1.0.1');
    expect(await builds.pending()).toBeNull();
    expect(await builds.takeReport()).toMatchObject({ version: '1.0.2', reason, rolled_back_to: '1.0.1' });
    expect(await builds.takeReport()).toBeNull();
    expect(lines.find((l) => l.level === 50)?.msg).toBe(`the agent 1.0.2 did not become healthy: ${reason}; rolled back to 1.0.1`);
  });

  it('rolls a build back to the package’s own when it never reports healthy', async () => {
    supervise({ healthTimeoutMs: 500 });
    await untilRuns(1);
    await builds.handOver(await install('1.0.1', 'silent'), 'base');
    process.kill((await runs())[0]!.pid, 'SIGUSR2');
    await untilRuns(3);
    expect((await runs()).map((r) => r.version)).toEqual(['1.0.0', '1.0.1', '1.0.0']);
    expect(await pointer('current')).toBeNull();
    expect(await builds.installer.failedVersions(agentServiceId)).toEqual([expect.objectContaining({ version: '1.0.1', reason: 'it did not report healthy within 1 s' })]);
  });

  it('gives up a pending build that was started too often without reporting healthy (the supervisor killed meanwhile)', async () => {
    const pending = await install('1.0.1', 'healthy');
    await builds.handOver(pending, 'base');
    await builds.setPending({ ...(await builds.pending())!, starts: 3 });
    supervise();
    await untilRuns(1);
    expect((await runs())[0]?.version).toBe('1.0.0');
    expect(await pointer('current')).toBeNull();
    expect(await builds.takeReport()).toMatchObject({ version: '1.0.1', reason: 'it was started 3 times without reporting healthy', rolled_back_to: '1.0.0' });
  });

  it('counts the starts of a pending build, and starts an agent that ended unexpectedly again', async () => {
    await builds.handOver(await install('1.0.1', 'silent'), 'base');
    supervise();
    await untilRuns(1);
    await waitFor(async () => expect(await builds.pending()).toMatchObject({ version: '1.0.1', starts: 1 }));
    stop.abort();
    await running;

    await builds.setPending(null);
    supervise();
    await untilRuns(2);
    process.kill((await runs())[1]!.pid, 'SIGKILL');
    await untilRuns(3);
    expect((await runs()).map((r) => r.version)).toEqual(['1.0.1', '1.0.1', '1.0.1']);
    expect(lines.some((l) => l.level === 50 && l.msg === 'the agent 1.0.1 ended unexpectedly (it was killed by SIGKILL); starting it again in 0.1 s')).toBe(true);
  });
});
