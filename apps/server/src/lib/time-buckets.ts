import { bucketCount, bucketOrigin } from '@syrx/contracts/metrics';

/**
 * Time buckets as date_bin makes them from one origin, a Monday at midnight UTC, so hours, days and weeks start where a
 * reader expects. Shared by the point records and the controller metrics, whose rollups are both read this way; the
 * origin and the count are the contracts' (the web picks a resolution that fits a range with them).
 */
export { bucketCount, bucketOrigin };
const origin = Date.parse(bucketOrigin);

/** The start of the `seconds` bucket holding `ms`. */
export const bucketStart = (ms: number, seconds: number): number => origin + Math.floor((ms - origin) / (seconds * 1000)) * seconds * 1000;

/** A range [from, to) in ms: the part whole rollup buckets cover, and the rest (at most two edges) read from the raw rows. */
export interface RangeSplit {
  raw: [number, number][];
  rolled: [number, number] | null;
}

/**
 * Splits [from, to) at the rollup level's bucket boundaries: buckets wholly inside are read from the rollups, the
 * partial ones at either end from the raw rows, so an aggregate equals the one over the raw rows alone.
 */
export function splitRange(from: number, to: number, level: number | null): RangeSplit {
  if (level === null) return { raw: [[from, to]], rolled: null };
  const width = level * 1000;
  const a = origin + Math.ceil((from - origin) / width) * width;
  const b = origin + Math.floor((to - origin) / width) * width;
  if (a >= b) return { raw: [[from, to]], rolled: null };
  return { raw: ([[from, a], [b, to]] as [number, number][]).filter(([x, y]) => x < y), rolled: [a, b] };
}
