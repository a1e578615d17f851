import { describe, expect, it } from 'vitest';
import { bucketCount, bucketStart, levelFor, splitRange } from './metric-ranges.ts';

const t = (iso: string) => Date.parse(iso);

describe('metric ranges', () => {
  it('reads resolutions that whole rollup buckets tile from the coarsest such rollup', () => {
    expect([15, 60, 300, 900, 3600, 14_400, 21_600, 43_200, 86_400, 604_800].map(levelFor)).toEqual([null, null, 300, 300, 3600, 3600, 3600, 3600, 3600, 3600]);
  });

  it('splits a range into whole rollup buckets and the partial edges', () => {
    expect(splitRange(t('2026-11-10T10:07:00Z'), t('2026-11-10T13:20:00Z'), 3600)).toEqual({
      raw: [[t('2026-11-10T10:07:00Z'), t('2026-11-10T11:00:00Z')], [t('2026-11-10T13:00:00Z'), t('2026-11-10T13:20:00Z')]],
      rolled: [t('2026-11-10T11:00:00Z'), t('2026-11-10T13:00:00Z')],
    });
    // Aligned ends have no edges; a range inside one bucket has no whole bucket; without a level all is raw.
    expect(splitRange(t('2026-11-10T10:00:00Z'), t('2026-11-10T12:00:00Z'), 3600)).toEqual({ raw: [], rolled: [t('2026-11-10T10:00:00Z'), t('2026-11-10T12:00:00Z')] });
    expect(splitRange(t('2026-11-10T10:07:00Z'), t('2026-11-10T10:50:00Z'), 3600)).toEqual({ raw: [[t('2026-11-10T10:07:00Z'), t('2026-11-10T10:50:00Z')]], rolled: null });
    expect(splitRange(1000, 2000, null)).toEqual({ raw: [[1000, 2000]], rolled: null });
  });

  it('counts buckets and finds their starts as date_bin does from a Monday midnight', () => {
    expect(bucketCount(t('2026-11-10T00:00:00Z'), t('2026-11-11T00:00:00Z'), 3600)).toBe(24);
    expect(bucketCount(t('2026-11-10T00:30:00Z'), t('2026-11-10T01:30:00Z'), 3600)).toBe(2);
    // 2026-11-09 is a Monday: weeks start there.
    expect(new Date(bucketStart(t('2026-11-12T15:00:00Z'), 604_800)).toISOString()).toBe('2026-11-09T00:00:00.000Z');
  });
});
