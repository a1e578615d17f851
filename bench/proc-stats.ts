/** Memory and CPU of a process, from /proc (Linux). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** A /proc/<pid>/status field in KB (VmRSS: resident now; VmHWM: the peak). */
export function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m?.[1]) throw new Error(`no ${field} for process ${pid}`);
  return Number(m[1]);
}

/** CPU seconds the process has used so far (user + system), or 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  // The fields after the command name (which may hold spaces), from field 3 on: utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

/**
 * The whole machine's CPU time so far (seconds summed over its cores), from /proc/stat's first line; and the time
 * some task was runnable but waited for a core (pressure stall information, /proc/pressure/cpu's `some` total; NaN
 * on a kernel without it), with the moment of the reading.
 */
export interface MachineCpu {
  busy: number;
  idle: number;
  iowait: number;
  steal: number;
  cpuWait: number;
  at: number;
}

/** Shares of the machine's time between two readings (machineShares). */
export type MachineShares = Omit<MachineCpu, 'at'>;

function cpuPressureSeconds(): number {
  try {
    const some = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return some ? Number(some[1]) / 1e6 : NaN;
  } catch {
    return NaN;
  }
}

export function machineCpu(): MachineCpu {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is already counted in user).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  return { busy: (user + nice + system + irq + softirq) / clockTicks, idle: idle / clockTicks, iowait: iowait / clockTicks, steal: steal / clockTicks, cpuWait: cpuPressureSeconds(), at: performance.now() };
}

/**
 * Each kind's share of the machine's CPU time between two readings (busy + idle + iowait + steal = 1), and the share
 * of the wall time in which some task waited for a core (a busy share well under 100 % with a high one: wake-ups
 * that wait for a core the hypervisor has not given back yet).
 */
export function machineShares(before: MachineCpu, after: MachineCpu): MachineShares {
  const d = { busy: after.busy - before.busy, idle: after.idle - before.idle, iowait: after.iowait - before.iowait, steal: after.steal - before.steal };
  const total = d.busy + d.idle + d.iowait + d.steal || 1;
  const wall = (after.at - before.at) / 1000 || 1;
  return { busy: d.busy / total, idle: d.idle / total, iowait: d.iowait / total, steal: d.steal / total, cpuWait: (after.cpuWait - before.cpuWait) / wall };
}

const pct1 = (share: number) => `${(share * 100).toFixed(1)} %`;
/** The machine's shares over a run, in words (bench:api-load and bench:fleet print them alike). */
export const machineSharesText = (m: MachineShares): string =>
  `busy ${pct1(m.busy)}, waiting on I/O ${pct1(m.iowait)}, stolen by the hypervisor ${pct1(m.steal)} of its cores' time;`
  + ` some task waiting for a core ${Number.isNaN(m.cpuWait) ? 'unknown (no /proc/pressure/cpu)' : pct1(m.cpuWait)} of the wall time (pressure stall information)`;
