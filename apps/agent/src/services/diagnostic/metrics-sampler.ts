import { cpus, totalmem } from 'node:os';
import type { AgentMetricSample } from '@syrx/contracts/metrics';
import { currentLoad, mem } from 'systeminformation';
import { runCommand } from '../../lib/system.ts';
import { readProcesses, type SystemProcess } from './processes.ts';

/** cpu % (of the whole machine), memory %, memory KB. */
type Figures = [number, number, number];
const finite = (n: number): number => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : 0);

export interface MetricsSamplerOptions {
  /** The units of the agent's services (group type systemd_service). */
  units: readonly string[];
  /** With systemd, a unit that runs a process of its own reports that process's figures. */
  systemd: boolean;
  /** Other programs sampled besides the agent: the largest this many by cpu (default 5). */
  topPrograms?: number;
}

/** The agent's name among the process groups. */
export const agentProcessGroup = 'syrx-agent';

/**
 * Samples the machine (overall), the agent's process and the busiest programs (process), and the agent's service
 * units (systemd_service: the unit's main process where systemd runs one, else the agent's process, where the
 * services all run).
 */
export class MetricsSampler {
  private lastCpu = process.cpuUsage();
  private lastAt = process.hrtime.bigint();

  constructor(private readonly o: MetricsSamplerOptions) {}

  async sample(now = Date.now()): Promise<AgentMetricSample[]> {
    const [load, memory, list] = await Promise.all([currentLoad(), mem(), readProcesses()]);
    const agent = this.agentFigures();
    const samples: AgentMetricSample[] = [
      [now, 'overall', 'overall', finite(load.currentLoad), finite((memory.active / memory.total) * 100), finite(memory.active / 1024)],
      [now, 'process', agentProcessGroup, ...agent],
    ];
    for (const [name, figures] of this.topPrograms(list)) samples.push([now, 'process', name, ...figures]);
    const mainPids = this.o.systemd ? await this.mainPids() : new Map<string, number>();
    for (const unit of this.o.units) {
      const own = list.find((p) => p.pid === mainPids.get(unit) && p.pid !== process.pid);
      samples.push([now, 'systemd_service', unit, ...(own ? figuresOf([own]) : agent)]);
    }
    return samples;
  }

  /** The agent's cpu since the previous sample (of all cores), its resident memory. */
  private agentFigures(): Figures {
    const cpu = process.cpuUsage(this.lastCpu);
    const at = process.hrtime.bigint();
    const elapsedMicros = Number(at - this.lastAt) / 1000;
    this.lastCpu = process.cpuUsage();
    this.lastAt = at;
    const rss = process.memoryUsage.rss();
    const cpuPercent = elapsedMicros > 0 ? ((cpu.user + cpu.system) / elapsedMicros / Math.max(1, cpus().length)) * 100 : 0;
    return [finite(cpuPercent), finite((rss / totalmem()) * 100), finite(rss / 1024)];
  }

  /** Programs (processes of one name together, the agent aside), the busiest first. */
  private topPrograms(list: readonly SystemProcess[]): [string, Figures][] {
    const byName = new Map<string, SystemProcess[]>();
    for (const p of list) if (p.pid !== process.pid && p.name) byName.set(p.name.slice(0, 200), [...(byName.get(p.name.slice(0, 200)) ?? []), p]);
    return [...byName.entries()].map(([name, ps]): [string, Figures] => [name, figuresOf(ps)])
      .sort((a, b) => b[1][0] - a[1][0] || b[1][2] - a[1][2]).slice(0, this.o.topPrograms ?? 5);
  }

  /** Each unit's main process id (0 when it runs none), from systemctl. */
  private async mainPids(): Promise<Map<string, number>> {
    const out = await runCommand('systemctl', ['show', '--property=MainPID', '--value', ...this.o.units], 10_000).catch(() => '');
    const pids = out.split('\n').map((l) => l.trim()).filter(Boolean).map(Number);
    return new Map(this.o.units.map((u, i) => [u, pids[i] ?? 0]));
  }
}

function figuresOf(ps: readonly SystemProcess[]): Figures {
  return [finite(ps.reduce((s, p) => s + p.cpu, 0)), finite(ps.reduce((s, p) => s + p.mem, 0)), finite(ps.reduce((s, p) => s + p.memRss, 0))];
}
