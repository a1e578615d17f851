import { recordResolutions } from '@syrx/contracts/records';
import { bucketOrigin } from './record-reads.repo.ts';

const resolutions = Object.values(recordResolutions).sort((a, b) => a - b);
const origin = Date.parse(bucketOrigin);

/** How many buckets of `seconds` (aligned as date_bin aligns them) a range [from, to) touches. */
export function bucketCount(from: number, to: number, seconds: number): number {
  const width = seconds * 1000;
  return Math.floor((to - 1 - origin) / width) - Math.floor((from - origin) / width) + 1;
}

/**
 * The smallest resolution of `recordResolutions` at which a range fits a chart of `maxPoints` per series (the bucket
 * count is what the range could hold, so the choice does not depend on the data). The coarsest when none fits.
 */
export function resolutionFor(from: number, to: number, maxPoints: number): number {
  return resolutions.find((s) => bucketCount(from, to, s) <= maxPoints) ?? (resolutions.at(-1) as number);
}
