/**
 * What about the machine moves the benches' latencies beyond its cores and the database's settings, printed with every
 * figure so that two machines' runs can be told apart: the kernel, the hypervisor the machine runs under, kernel
 * memory monitoring that pages out (DAMON), and a calibration measured in the run — how long one process takes to wake
 * another and hear back when both were asleep, which every request pays several times (client → server → PostgreSQL
 * and back). Machines of the same kind here differ in exactly these: under a PVM hypervisor each wake-up costs a
 * hypervisor exit, and the same code gave a point-list p99 of 8–21 ms on one day and 98–169 ms on another
 * (docs/operations.md).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { availableParallelism, cpus, release } from 'node:os';
import { nearestRank } from './bench-kit.ts';

const read = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** The hypervisor's name as the kernel logged it at boot ("Hypervisor detected: PVM"), or what /sys and /proc say. */
function hypervisor(): string {
  const flags = /^flags\s*:(.*)$/m.exec(read('/proc/cpuinfo') ?? '')?.[1] ?? '';
  if (!/\bhypervisor\b/.test(flags)) return 'no hypervisor';
  let name = read('/sys/hypervisor/type');
  if (!name) {
    try {
      name = /Hypervisor detected: (\S+)/.exec(execFileSync('dmesg', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))?.[1];
    } catch {
      // dmesg may be closed to this user.
    }
  }
  if (!name && /\bpvm/.test(read('/proc/cmdline') ?? '')) name = 'PVM';
  return `under a hypervisor (${name ?? 'unnamed'})`;
}

/** DAMON's running kernel threads and what each does to the pages it finds cold ("pageout", "stat" …). */
function damon(): string {
  const root = '/sys/kernel/mm/damon/admin/kdamonds';
  if (!existsSync(root)) return 'DAMON off';
  const actions: string[] = [];
  for (const k of readdirSync(root).filter((d) => /^\d+$/.test(d))) {
    if (read(`${root}/${k}/state`) !== 'on') continue;
    const contexts = `${root}/${k}/contexts`;
    for (const c of readdirSync(contexts).filter((d) => /^\d+$/.test(d))) {
      const schemes = `${contexts}/${c}/schemes`;
      for (const s of existsSync(schemes) ? readdirSync(schemes).filter((d) => /^\d+$/.test(d)) : []) actions.push(read(`${schemes}/${s}/action`) ?? '?');
    }
  }
  return actions.length > 0 ? `DAMON on (${actions.join(', ')})` : 'DAMON off';
}

/** One line: kernel, CPU, cores, hypervisor, DAMON, clock source. */
export function machineFacts(): string {
  const clock = read('/sys/devices/system/clocksource/clocksource0/current_clocksource') ?? '?';
  return `Linux ${release()}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores, ${hypervisor()}, ${damon()}, clock source ${clock}`;
}

export interface RoundTrips {
  p50: number;
  p99: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Round trips of `ask`, one every `gapMs` (so both ends are asleep when it starts), `count` of them after a few
 * unmeasured: p50 and p99 in ms.
 */
export async function roundTripsAtRest(ask: () => Promise<unknown>, count = 300, gapMs = 5): Promise<RoundTrips> {
  const times: number[] = [];
  for (let i = 0; i < count + 10; i++) {
    const t = performance.now();
    await ask();
    if (i >= 10) times.push(performance.now() - t);
    await sleep(gapMs);
  }
  times.sort((a, b) => a - b);
  return { p50: nearestRank(times, 0.5), p99: nearestRank(times, 0.99) };
}

/** Round trips of one byte to an echoing child process over loopback TCP on `host`, at rest. */
export async function wakeUpRoundTrips(host: string): Promise<RoundTrips> {
  const echo = `const s=require('net').createServer(c=>{c.setNoDelay(true);c.on('data',d=>c.write(d))});s.listen(0,${JSON.stringify(host)},()=>process.stdout.write(String(s.address().port)+'\\n'))`;
  const child = spawn(process.execPath, ['-e', echo], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
      child.once('exit', (code) => reject(new Error(`the echo process exited (${code})`)));
    });
    const socket = createConnection({ host, port, noDelay: true });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    try {
      return await roundTripsAtRest(() => new Promise((resolve) => {
        socket.once('data', resolve);
        socket.write('x');
      }));
    } finally {
      socket.destroy();
    }
  } finally {
    child.kill();
  }
}

export const roundTripLine = (name: string, r: RoundTrips) => `${name} p50 ${r.p50.toFixed(3)} / p99 ${r.p99.toFixed(3)} ms`;
