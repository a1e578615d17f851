export { bucketCount, bucketOrigin, bucketStart, type RangeSplit, splitRange } from '../../lib/time-buckets.ts';

/** The widths of the rollups kept beside the samples, coarsest first: 1 hour and 5 minutes. */
export const rollupLevels = [3600, 300] as const;
/** The rollup the names of a range's groups are read from (every sample is in one of its buckets). */
export const coverLevel = 3600;

/** The coarsest rollup whose buckets tile buckets of this resolution exactly, or null (15 s, 1 min: samples only). */
export function levelFor(resolutionSeconds: number): number | null {
  return rollupLevels.find((l) => resolutionSeconds % l === 0) ?? null;
}
