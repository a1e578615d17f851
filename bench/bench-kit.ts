/** What the benchmarks share: their command-line values, timing and the figures they print. */

/** The value after `--name` on the command line, if any. */
export const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/** Nearest-rank quantile (0 < q ≤ 1) of values sorted ascending; NaN for none. */
export const nearestRank = (sorted: ArrayLike<number>, q: number): number => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
/** The middle value (of an even count, the upper of the two middle ones). */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** A whole number with thousands separators (1,234,567). */
export const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');

/** How many milliseconds the work took. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}
