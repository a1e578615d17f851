/** Bucket origin, as for point records: a Monday at midnight UTC, so hours, days and weeks start where a reader expects. */
export const bucketOrigin = '2000-01-03T00:00:00Z';
const origin = Date.parse(bucketOrigin);

/** The widths of the rollups kept beside the samples, coarsest first: 1 hour and 5 minutes. */
export const rollupLevels = [3600, 300] as const;
/** The rollup the names of a range's groups are read from (every sample is in one of its buckets). */
export const coverLevel = 3600;

/** The coarsest rollup whose buckets tile buckets of this resolution exactly, or null (15 s, 1 min: samples only). */
export function levelFor(resolutionSeconds: number): number | null {
  return rollupLevels.find((l) => resolutionSeconds % l === 0) ?? null;
}

/** How many buckets of `seconds` (aligned as date_bin aligns them) a range [from, to) touches. */
export function bucketCount(from: number, to: number, seconds: number): number {
  const width = seconds * 1000;
  return Math.floor((to - 1 - origin) / width) - Math.floor((from - origin) / width) + 1;
}

/** The start of the `seconds` bucket holding `ms`. */
export const bucketStart = (ms: number, seconds: number): number => origin + Math.floor((ms - origin) / (seconds * 1000)) * seconds * 1000;

/** A range [from, to) in ms: the part whole rollup buckets cover, and the rest (at most two edges) read from samples. */
export interface RangeSplit {
  raw: [number, number][];
  rolled: [number, number] | null;
}

/**
 * Splits [from, to) at the rollup level's bucket boundaries: buckets wholly inside are read from the rollups, the
 * partial ones at either end from the samples, so an aggregate equals the one over the samples alone.
 */
export function splitRange(from: number, to: number, level: number | null): RangeSplit {
  if (level === null) return { raw: [[from, to]], rolled: null };
  const width = level * 1000;
  const a = origin + Math.ceil((from - origin) / width) * width;
  const b = origin + Math.floor((to - origin) / width) * width;
  if (a >= b) return { raw: [[from, to]], rolled: null };
  return { raw: ([[from, a], [b, to]] as [number, number][]).filter(([x, y]) => x < y), rolled: [a, b] };
}
