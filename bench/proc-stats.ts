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
