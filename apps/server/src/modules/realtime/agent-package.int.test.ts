import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnabledService } from '@syrx/contracts/controllers';
import type { QueryMessage } from '@syrx/contracts/query-messages';
import { hostIn, useAgentTestFile } from '../../test/agent-helpers.ts';
import { ctlUrl, expectStatus, until } from '../../test/bacnet-helpers.ts';

// This file's loopback range, 127.0.74.x (+100 in the PostgreSQL pass): the demo building at .0 (its BBMD at .1), the agent at .200.
const file = useAgentTestFile(74);
const repoRoot = resolve(import.meta.dirname, '../../../../..');

/** The packaged agent, built once for the file (npm run build:agent) and unpacked outside the repository. */
let unpacked = '';
beforeAll(() => {
  unpacked = mkdtempSync(join(tmpdir(), 'syrx-agent-package-'));
  const out = join(unpacked, 'dist');
  execFileSync('npm', ['run', '--silent', 'build:agent', '--', '--out', out], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = readdirSync(out).find((f) => /^syrx-agent-.+\.tar\.gz$/.test(f));
  expect(readdirSync(out).some((f) => /^syrx-agent_.+_[a-z0-9]+\.deb$/.test(f))).toBe(true);
  execFileSync('tar', ['-xzf', join(out, tarball ?? 'missing'), '-C', unpacked]);
}, 120_000);
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

describe('the packaged agent (npm run build:agent), unpacked outside the repository', () => {
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

/** The unpacked launcher as a process of its own, stopped (SIGTERM) after the test. */
function startPackagedAgent(args: string[], env: Record<string, string>): { pid: number; output(): string } {
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
