import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brokenServicePackage } from '@syrx/agent/testing';
import type { EnabledService } from '@syrx/contracts/controllers';
import type { QueryMessage } from '@syrx/contracts/query-messages';
import type { ServiceLogEntry } from '@syrx/contracts/service-logs';
import { serviceIds } from '@syrx/contracts/services';
import { hostIn, useAgentTestFile } from '../../test/agent-helpers.ts';
import { type Controller, ctlUrl, expectStatus, publishPackage, until } from '../../test/bacnet-helpers.ts';
import { dbPass } from '../../test/db-pass.ts';
import type { TestClient } from '../../test/test-app.ts';

// The packaged agent is the subject, not the database: the PGlite pass only (test/db-pass.ts).
// This file's loopback range, 127.0.74.x: the demo building at .0 (its BBMD at .1), the agent at .200.
const file = useAgentTestFile(74);
const repoRoot = resolve(import.meta.dirname, '../../../../..');

/**
 * The packaged agent, built once for the file (npm run build:agent) and unpacked outside the repository; and a newer
 * build (--version 1.0.1) as the package of Syrx.UpdaterService it also writes, for the agent to update itself to.
 */
let unpacked = '';
let newerBuild: Buffer;
const buildAgent = (out: string, ...args: string[]) =>
  execFileSync('npm', ['run', '--silent', 'build:agent', '--', '--out', out, ...args], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
beforeAll(() => {
  unpacked = mkdtempSync(join(tmpdir(), 'syrx-agent-package-'));
  const out = join(unpacked, 'dist');
  buildAgent(out);
  const tarball = readdirSync(out).find((f) => /^syrx-agent-.+\.tar\.gz$/.test(f));
  expect(readdirSync(out).some((f) => /^syrx-agent_.+_[a-z0-9]+\.deb$/.test(f))).toBe(true);
  execFileSync('tar', ['-xzf', join(out, tarball ?? 'missing'), '-C', unpacked]);
  buildAgent(join(unpacked, 'next'), '--version', '1.0.1');
  newerBuild = readFileSync(join(unpacked, 'next/syrx-agent-1.0.1.syrxpkg'));
}, 180_000);
afterAll(() => rmSync(unpacked, { recursive: true, force: true }));

const launcher = () => join(unpacked, 'syrx-agent/syrx-agent');
/** Nothing of the repository: its own folder as the working directory and only PATH from the environment. */
const bareEnv = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: unpacked });

/** `syrx-agent enroll …` run asynchronously: the server it asks runs in this process. */
function enroll(args: string[], stdin = ''): Promise<{ status: number | null; stderr: string }> {
  const child = spawn(launcher(), ['enroll', ...args], { cwd: unpacked, env: bareEnv(), stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  child.stdin.end(stdin);
  return new Promise((done) => child.once('close', (status) => done({ status, stderr })));
}

/** Every process's command line on the machine, as `ps` shows them. */
function allCommandLines(): string[] {
  return readdirSync('/proc').filter((p) => /^\d+$/.test(p)).flatMap((pid) => {
    try {
      return [readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')];
    } catch {
      return [];
    }
  });
}

describe.runIf(dbPass.pglite)('the packaged agent (npm run build:agent), unpacked outside the repository', () => {
  it('enrolls only with credentials the server accepts, into a file readable by its owner only', async () => {
    const { url, ctl } = await file.controller();
    const config = join(file.tempDir('syrx-agent-etc-'), 'syrx-agent/agent.json');
    const base = ['--config', config, '--server-url', url, '--controller-id', ctl.id];

    const refused = await enroll([...base, '--controller-password-stdin'], 'not-the-password\n');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('The server refused the controller id or password.');
    expect(() => statSync(config)).toThrow();
    expect((await enroll(['--config', config, '--server-url', url, '--controller-id', 'nope', '--controller-password', 'x'])).status).toBe(2);

    const ok = await enroll([...base, '--controller-password-stdin'], `${ctl.password}\n`);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({ serverUrl: url, controllerId: ctl.id, controllerPassword: ctl.password });
  });

  it('runs from its configuration: connects, discovers the building, reports, with the password on no command line', async () => {
    const bbmd = `${hostIn(file.base, 1)}:47808`;
    const { url, admin, ctl } = await file.controller({ bbmds: [bbmd] });
    const etc = file.tempDir('syrx-agent-etc-');
    const config = join(etc, 'agent.json');
    const passwordFile = join(etc, 'password');
    execFileSync('sh', ['-c', `umask 077; printf '%s\\n' "$0" > "$1"`, ctl.password, passwordFile]);
    expect((await enroll(['--config', config, '--server-url', url, '--controller-id', ctl.id, '--controller-password-file', passwordFile])).status).toBe(0);

    const agent = startPackagedAgent(['run', '--config', config, '--bacnet-address', hostIn(file.base, 200), '--heartbeat-seconds', '1'], {
      SYRX_DATA_DIR: file.tempDir('syrx-agent-data-'),
    });
    // Reports: the heartbeat names the updater's version.
    const services = async () => (await admin.get(`${ctlUrl(ctl)}/enabled-services`)).json<EnabledService[]>();
    await until(async () => (await services()).some((s) => s.service_id === 'Syrx.UpdaterService' && s.reported_version !== null && s.last_contact !== null), 30_000, `agent reported (output: ${agent.output()})`);

    const messages = `${ctlUrl(ctl)}/services/Syrx.Services.BacnetNetworkQueryService/messages`;
    const message = expectStatus(await admin.post(`${messages}/create-discover-devices-message`, {}), 201).json<QueryMessage>();
    const messageOf = async () => (await admin.get(`${messages}?filter=show_all`)).json<QueryMessage[]>().find((m) => m.id === message.id);
    await until(async () => ['completed', 'failed'].includes((await messageOf())?.status ?? ''), 40_000, 'discovery worked');
    expect(await messageOf()).toMatchObject({ status: 'completed', devices_found: file.site().devices.length });

    // The agent is the launcher exec'd into Node: its command line names the run, not the secret; nor does any other.
    expect(readFileSync(`/proc/${agent.pid}/cmdline`, 'utf8').split('\0')).toEqual(expect.arrayContaining([join(unpacked, 'syrx-agent/lib/syrx-agent.mjs'), 'run', '--config', config]));
    expect(allCommandLines().filter((line) => line.includes(ctl.password))).toEqual([]);
  }, 120_000);
});

describe.runIf(dbPass.pglite)('the packaged agent updating itself (Syrx.UpdaterService packages are builds of the agent)', () => {
  const updater = serviceIds.updater;
  const updaterOf = async (admin: TestClient, ctl: Controller) =>
    expectStatus(await admin.get(`${ctlUrl(ctl)}/enabled-services/${updater}`), 200).json<EnabledService>();
  async function untilUpdater(admin: TestClient, ctl: Controller, check: (s: EnabledService) => boolean, what: string, output: () => string): Promise<EnabledService> {
    let last: EnabledService | null = null;
    await until(async () => check((last = await updaterOf(admin, ctl))), 60_000, `${what} (last: ${JSON.stringify(last)}; output: ${output()})`);
    return last as unknown as EnabledService;
  }

  it('restarts into a newer published build, and rolls a broken build back to it with the failure reported', async () => {
    const { url, admin, ctl } = await file.controller();
    const config = join(file.tempDir('syrx-agent-etc-'), 'agent.json');
    expect((await enroll(['--config', config, '--server-url', url, '--controller-id', ctl.id, '--controller-password-stdin'], `${ctl.password}\n`)).status).toBe(0);
    const data = file.tempDir('syrx-agent-data-');
    const agent = startPackagedAgent(['run', '--config', config, '--bacnet-address', hostIn(file.base, 200), '--heartbeat-seconds', '1'], { SYRX_DATA_DIR: data });
    await untilUpdater(admin, ctl, (s) => s.reported_version === '1.0.0' && s.last_contact !== null, 'the package’s own build reports 1.0.0', agent.output);
    const builds = join(data, ctl.id, 'services', updater);

    // A newer build published: installed beside the running one and started in its place by the supervisor.
    await publishPackage(admin, updater, '1.0.1', newerBuild);
    const updated = await untilUpdater(admin, ctl, (s) => s.reported_version === '1.0.1' && s.rollout?.state === 'up_to_date', 'the agent restarted into 1.0.1', agent.output);
    expect(updated.rollout).toMatchObject({ target_version: null, reason: null });
    expect(readlinkSync(join(builds, 'current'))).toBe('1.0.1');
    // The supervisor (the process started) stayed; its child is the new build.
    expect(readFileSync(`/proc/${agent.pid}/cmdline`, 'utf8').split('\0')).toContain('run');

    // A broken build (it ends at start): rolled back to 1.0.1, the failure in the rollout and the updater's log.
    await publishPackage(admin, updater, '1.0.2', brokenServicePackage(updater, '1.0.2'));
    const rolledBack = await untilUpdater(admin, ctl, (s) => s.rollout?.state === 'rolled_back', 'the rollback of 1.0.2', agent.output);
    expect(rolledBack).toMatchObject({
      reported_version: '1.0.1',
      rollout: { target_version: '1.0.2', reason: 'it exited with code 1: Error: broken build: the configuration file is missing' },
    });
    expect(readlinkSync(join(builds, 'current'))).toBe('1.0.1');
    const errors = async () => expectStatus(await admin.get(`${ctlUrl(ctl)}/services/${updater}/logs?minLogLevel=ERROR&take=100`), 200).json<ServiceLogEntry[]>();
    await until(async () => (await errors()).length > 0, 20_000, 'the rollback in the updater’s log');
    expect((await errors())[0]).toMatchObject({
      logger: `${updater}.Updater`,
      // The service logs carry the line's fields after its message, as with a service's rollback.
      message: expect.stringContaining('the agent 1.0.2 did not become healthy: it exited with code 1: Error: broken build: the configuration file is missing; rolled back to 1.0.1') as string,
    });
  }, 180_000);
});

/** The unpacked launcher as a process of its own, stopped (SIGTERM) after the test. */
function startPackagedAgent(args: string[], env: Record<string, string>): { pid: number; output: () => string } {
  const child: ChildProcess = spawn(launcher(), args, { cwd: unpacked, env: { ...bareEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-4000); };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  file.defer(() => new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  }));
  return { pid: child.pid ?? -1, output: () => output };
}
