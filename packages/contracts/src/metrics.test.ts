import { describe, expect, it } from 'vitest';
import { finestMetricResolution, resolutionFits, resolutionTooFine } from './metrics.ts';

const hour = 3_600_000;
const from = Date.parse('2026-11-10T00:00:00Z');

describe('metric resolutions that fit a range', () => {
  it('keep the default 15 s up to about 41 hours, then the finest that fits', () => {
    expect(finestMetricResolution(from, from + hour)).toBe('15s');
    expect(finestMetricResolution(from, from + 41 * hour)).toBe('15s');
    expect(finestMetricResolution(from, from + 42 * hour)).toBe('1m');
    // Seven days: 10,080 minutes, 2,016 five-minute buckets.
    expect(finestMetricResolution(from, from + 7 * 24 * hour)).toBe('5m');
    expect(finestMetricResolution(from, from + 400 * 24 * hour)).toBe('1h');
  });

  it('say which resolution to take instead of one too fine', () => {
    expect(resolutionFits('1m', from, from + 7 * 24 * hour)).toBe(false);
    expect(resolutionFits('5m', from, from + 7 * 24 * hour)).toBe(true);
    expect(resolutionTooFine('1m', '5m')).toBe('1m is too fine for this range (at most 10,000 points): the finest resolution that fits is 5m');
  });
});
