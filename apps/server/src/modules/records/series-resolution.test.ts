import { describe, expect, it } from 'vitest';
import { bucketCount, resolutionFor } from './series-resolution.ts';

const day = 86_400_000;
const t0 = Date.parse('2026-11-01T00:00:00Z');

describe('series resolution', () => {
  it('counts the date_bin buckets a range touches, partial ones included', () => {
    expect(bucketCount(t0, t0 + day, 3600)).toBe(24);
    expect(bucketCount(t0 + 1000, t0 + day, 3600)).toBe(24);
    expect(bucketCount(t0 + 1000, t0 + day + 1000, 3600)).toBe(25);
    expect(bucketCount(t0, t0 + 1, 604_800)).toBe(1);
  });

  it('picks the smallest resolution that keeps a series within the chart, the coarsest when none does', () => {
    expect(resolutionFor(t0, t0 + 30 * day, 1000)).toBe(3600);
    expect(resolutionFor(t0, t0 + 4 * 3600_000, 1000)).toBe(15);
    expect(resolutionFor(t0, t0 + 2 * day, 1000)).toBe(300);
    expect(resolutionFor(t0, t0 + 3650 * day, 10)).toBe(604_800);
  });
});
