import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { DiscoveredDevice } from '@syrx/contracts/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Discovery by broadcast, without a BBMD, on a real Ethernet segment: network namespaces that this file creates,
 * joined by a bridge — the agent in one, two simulated devices each in a namespace of its own (bound to 0.0.0.0
 * as a device on a controller is, so that broadcasts reach them), addresses 10.77.n.0/24 that exist only inside.
 * Needs root (CAP_SYS_ADMIN and CAP_NET_ADMIN) and iproute2; skipped with the reason where namespaces are refused.
 */
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const simMain = join(repoRoot, 'apps/bacnet-sim/src/main.ts');
const discoverOnce = fileURLToPath(new URL('../../testing/discover-once.ts', import.meta.url));
const run = promisify(execFile);

const tag = `sx${process.pid % 100000}`;
const subnet = `10.77.${(process.pid % 250) + 1}`;
const ns = { bridge: `${tag}-br`, agent: `${tag}-ag`, sim1: `${tag}-s1`, sim2: `${tag}-s2` };
const hosts = { agent: `${subnet}.1`, sim1: `${subnet}.11`, sim2: `${subnet}.12` };
const devices = { sim1: 9101, sim2: 9102 };

/** Whether this machine lets us create a network namespace; the reason when not. */
function namespacesPermitted(): { ok: true } | { ok: false; reason: string } {
  const probe = `${tag}-probe`;
  try {
    execFileSync('ip', ['netns', 'add', probe], { stdio: 'pipe' });
    execFileSync('ip', ['netns', 'del', probe], { stdio: 'pipe' });
    return { ok: true };
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: Buffer };
    const why = e.code === 'ENOENT' ? '`ip` (iproute2) is not installed' : (e.stderr?.toString().trim() || e.message);
    return { ok: false, reason: `network namespaces are not permitted here: ${why}` };
  }
}
const permitted = namespacesPermitted();
if (!permitted.ok) console.warn(`broadcast-discovery.int.test.ts skipped — ${permitted.reason}`);
const skipNote = permitted.ok ? '' : ` (skipped: ${permitted.reason})`;

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
const sims: ChildProcess[] = [];
let workDir: string | undefined;

/** Kills the simulators and deletes every namespace of this file (its veths and bridge go with them); never throws. */
async function cleanUp(): Promise<void> {
  await Promise.all(sims.splice(0).map((child) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  })));
  for (const name of Object.values(ns)) {
    try {
      ip('netns', 'del', name);
    } catch {
      // not created, or already gone
    }
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}

function buildNetwork(): void {
  for (const name of Object.values(ns)) ip('netns', 'add', name);
  ip('-n', ns.bridge, 'link', 'add', 'br0', 'type', 'bridge');
  ip('-n', ns.bridge, 'link', 'set', 'br0', 'up');
  for (const end of ['agent', 'sim1', 'sim2'] as const) {
    const inside = `${tag}-${end}`.slice(0, 15);
    const port = `p-${end}`;
    ip('link', 'add', inside, 'netns', ns[end], 'type', 'veth', 'peer', 'name', port, 'netns', ns.bridge);
    ip('-n', ns.bridge, 'link', 'set', port, 'master', 'br0', 'up');
    ip('-n', ns[end], 'addr', 'add', `${hosts[end]}/24`, 'broadcast', `${subnet}.255`, 'dev', inside);
    ip('-n', ns[end], 'link', 'set', inside, 'up');
    ip('-n', ns[end], 'link', 'set', 'lo', 'up');
  }
}

/** A simulator in a namespace, one device bound to 0.0.0.0:47808; resolves once it says it is ready. */
async function startSim(where: string, instance: number): Promise<void> {
  const site = join(workDir as string, `${where}.json`);
  writeFileSync(site, JSON.stringify({
    name: `Namespace ${where}`,
    devices: [{ instance, name: `NS-${instance}`, vendorName: 'Syrx test', vendorId: 999, modelName: 'Namespace test device', address: { ip: '0.0.0.0', port: 47808 } }],
  }));
  const child = spawn('ip', ['netns', 'exec', where, process.execPath, '--import', 'tsx', simMain, '--site', site, '--quiet'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  sims.push(child);
  await new Promise<void>((resolve, reject) => {
    child.on('message', (m: unknown) => (m as { ready?: boolean } | null)?.ready === true && resolve());
    child.once('exit', (code) => reject(new Error(`the simulator in ${where} exited (${code}) before it was ready`)));
  });
}

/** The agent's discovery, run in its namespace as a child process: a Who-Is to `broadcast`, no BBMD. */
async function discover(broadcast: string): Promise<DiscoveredDevice[]> {
  const { stdout } = await run('ip', ['netns', 'exec', ns.agent, process.execPath, '--import', 'tsx', discoverOnce, '--address', hosts.agent, '--broadcast', broadcast, '--duration-ms', '5000', '--quiet-ms', '1000'], { cwd: repoRoot });
  return JSON.parse(stdout) as DiscoveredDevice[];
}

const expected = (['sim1', 'sim2'] as const).map((end) => ({ MacAddress: `${hosts[end]}:47808`, Network: 0, DestinationMacAddress: '0.0.0.0:0', DestinationNetwork: 0, InstanceNumber: devices[end] }));
const byInstance = (list: DiscoveredDevice[]) => [...list].sort((a, b) => a.InstanceNumber - b.InstanceNumber);

describe.skipIf(!permitted.ok)(`discovery by broadcast without a BBMD, across network namespaces${skipNote}`, { timeout: 60_000 }, () => {
  beforeAll(async () => {
    try {
      workDir = mkdtempSync(join(tmpdir(), 'syrx-netns-'));
      buildNetwork();
      await Promise.all([startSim(ns.sim1, devices.sim1), startSim(ns.sim2, devices.sim2)]);
    } catch (err) {
      await cleanUp();
      throw err;
    }
  }, 120_000);
  afterAll(cleanUp, 60_000);

  it('the addresses exist only inside the namespaces', () => {
    expect(execFileSync('ip', ['-o', 'addr'], { encoding: 'utf8' })).not.toContain(`${subnet}.`);
    expect(execFileSync('ip', ['-n', ns.agent, '-o', 'addr'], { encoding: 'utf8' })).toContain(`${hosts.agent}/24`);
  });

  it('finds both devices with a Who-Is to the local broadcast address 255.255.255.255', async () => {
    expect(byInstance(await discover('255.255.255.255'))).toEqual(expected);
  });

  it(`finds both devices with a Who-Is to the subnet's directed broadcast address`, async () => {
    expect(byInstance(await discover(`${subnet}.255`))).toEqual(expected);
  });
});
