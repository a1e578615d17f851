/** The figures of bench/api-load.ts: latency percentiles per target, the targets' verdicts and the ratios to the baseline. */
import { nearestRank as rank } from '../bench-kit.ts';
import { listLabels } from './targets.ts';
import type { TargetStats } from './load.ts';

export interface Summary {
  responses: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export function summarize(latencies: number[]): Summary {
  const sorted = Float64Array.from(latencies).sort();
  return { responses: sorted.length, p50: rank(sorted, 0.5), p90: rank(sorted, 0.9), p99: rank(sorted, 0.99), max: sorted.at(-1) ?? NaN };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const header = ['target', 'clients', 'responses', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors', 'timeouts'];

/** One row per target: its name, then its figures. */
export function rowOf(name: string, s: TargetStats, seconds: number): string[] {
  const sum = summarize(s.latencies);
  return [name, String(s.target.clients), String(sum.responses), (sum.responses / seconds).toFixed(1), ms(sum.p50), ms(sum.p90), ms(sum.p99), ms(sum.max), String(s.non2xx), String(s.errors), String(s.timeouts)];
}

export const targetName = (s: TargetStats) => `${listLabels[s.target.list]}, ${s.target.request}`;

export function table(rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)].map((l) => `  ${l}`).join('\n');
}

/** Statuses other than 2xx and the first connection errors, for a run that had any. */
export function problems(stats: TargetStats[]): string[] {
  return stats.flatMap((s) => {
    const odd = [...s.statuses].filter(([status]) => status < 200 || status > 299).map(([status, n]) => `${n} × ${status}`);
    const messages = [...s.errorMessages];
    return odd.length + messages.length === 0 ? [] : [`  ${targetName(s)}: ${[...odd, ...messages].join('; ')}`];
  });
}

/** The p99 of each tenth of the run (by response time), to tell a slow start or a stall from steady latency. */
export function p99OverTime(s: TargetStats, seconds: number, parts = 10): string {
  return p99sByPart(s, seconds, parts).map(ms).join(' · ');
}

/** The p99 (ms) of each part of the run. */
export function p99sByPart(s: TargetStats, seconds: number, parts = 10): number[] {
  const slices: number[][] = Array.from({ length: parts }, () => []);
  s.times.forEach((t, i) => slices[Math.min(parts - 1, Math.floor((t / 1000 / seconds) * parts))]?.push(s.latencies[i] ?? NaN));
  return slices.map((l) => summarize(l).p99);
}
