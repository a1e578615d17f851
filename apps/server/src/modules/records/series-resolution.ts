import { recordResolutions } from '@syrx/contracts/records';
import { bucketCount } from '../../lib/time-buckets.ts';

export { bucketCount };

const resolutions = Object.values(recordResolutions).sort((a, b) => a - b);

/**
 * The smallest resolution of `recordResolutions` at which a range fits a chart of `maxPoints` per series (the bucket
 * count is what the range could hold, so the choice does not depend on the data). The coarsest when none fits.
 */
export function resolutionFor(from: number, to: number, maxPoints: number): number {
  return resolutions.find((s) => bucketCount(from, to, s) <= maxPoints) ?? (resolutions.at(-1) as number);
}
