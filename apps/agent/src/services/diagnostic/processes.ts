import { processes, type Systeminformation } from 'systeminformation';
import type { ProcessInfo } from '@syrx/contracts/diagnostics';

export type SystemProcess = Systeminformation.ProcessesProcessData;

/** si gives local times without an offset ("2026-11-22 12:23:32"): an ISO time, or null when unreadable. */
function startedAt(started: string): string | null {
  const ms = Date.parse(started.replace(' ', 'T'));
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

const finite = (n: number): number => (Number.isFinite(n) ? n : 0);

/** A process as the diagnostics list it (memory in KB, cpu and memory in % of the machine). */
export function processInfo(p: SystemProcess): ProcessInfo {
  return {
    pid: p.pid,
    name: p.name.slice(0, 200),
    command: `${p.path && !p.command.startsWith('/') ? `${p.path}/` : ''}${p.command} ${p.params}`.trim().slice(0, 2000),
    user: p.user,
    cpu_percent: finite(p.cpu),
    mem_percent: finite(p.mem),
    mem_kb: finite(p.memRss),
    started: startedAt(p.started),
  };
}

/** Every process now (cpu % over the time since the previous reading, as systeminformation measures it). */
export async function readProcesses(): Promise<SystemProcess[]> {
  return (await processes()).list;
}

/**
 * The processes worth showing: the `top` largest by cpu and the `top` largest by memory, and the agent itself,
 * largest cpu first.
 */
export function topProcesses(list: readonly SystemProcess[], top: number, agentPid = process.pid): ProcessInfo[] {
  const byCpu = [...list].sort((a, b) => b.cpu - a.cpu).slice(0, top);
  const byMem = [...list].sort((a, b) => b.memRss - a.memRss).slice(0, top);
  const agent = list.filter((p) => p.pid === agentPid);
  const chosen = new Map<number, SystemProcess>();
  for (const p of [...byCpu, ...byMem, ...agent]) chosen.set(p.pid, p);
  return [...chosen.values()].sort((a, b) => b.cpu - a.cpu || b.memRss - a.memRss).map(processInfo);
}
