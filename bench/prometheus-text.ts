/**
 * Reading a server's Prometheus /metrics text in the benches (bench/api-load, bench/fleet): a line's labels and value,
 * histograms by one label, and what a histogram counted between two scrapes.
 */

export const labelsOf = (line: string): Record<string, string | undefined> =>
  Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m): [string, string] => [m[1] ?? '', m[2] ?? '']));
export const valueOf = (line: string): number => Number(line.slice(line.lastIndexOf(' ') + 1));

/** A cumulative histogram: upper bound (s) → count, and the sum of what it counted. */
export interface Hist {
  buckets: Map<number, number>;
  sum: number;
}
export const emptyHist = (): Hist => ({ buckets: new Map(), sum: 0 });

/**
 * The histograms of `metric` keyed by the value of label `by` ('' when the metric has none), other labels summed,
 * of the series `where` keeps.
 */
export function histogramsOf(text: string, metric: string, by: string, where: (labels: Record<string, string | undefined>) => boolean = () => true): Map<string, Hist> {
  const out = new Map<string, Hist>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${metric}_`)) continue;
    const kind = /^_(bucket|sum)[{ ]/.exec(line.slice(metric.length))?.[1];
    if (kind === undefined) continue;
    const l = labelsOf(line);
    if (!where(l)) continue;
    const key = l[by] ?? '';
    let h = out.get(key);
    if (!h) out.set(key, (h = emptyHist()));
    if (kind === 'sum') h.sum += valueOf(line);
    else if (l.le !== undefined) {
      const le = l.le === '+Inf' ? Infinity : Number(l.le);
      h.buckets.set(le, (h.buckets.get(le) ?? 0) + valueOf(line));
    }
  }
  return out;
}

/**
 * The quantile `q` of what a histogram counted between two scrapes, as the bucket that holds it ("≤ 50", "> 2500",
 * in ms), with the mean (ms) and the count.
 */
export function quantileBetween(a: Hist | undefined, b: Hist, q: number): { bound: string; meanMs: number; n: number } {
  const before = (le: number) => a?.buckets.get(le) ?? 0;
  const n = (b.buckets.get(Infinity) ?? 0) - before(Infinity);
  if (n <= 0) return { bound: '–', meanMs: NaN, n: 0 };
  const meanMs = ((b.sum - (a?.sum ?? 0)) / n) * 1000;
  let previous = 0;
  for (const le of [...b.buckets.keys()].sort((x, y) => x - y)) {
    if ((b.buckets.get(le) ?? 0) - before(le) >= n * q) return { bound: le === Infinity ? `> ${previous * 1000}` : `≤ ${le * 1000}`, meanMs, n };
    previous = le;
  }
  return { bound: '?', meanMs, n };
}
