import { describe, expect, it } from 'vitest';
import { recordResolutions } from '@syrx/contracts/records';
import { alignSeries, chartWindow, isEmptyChart, legendValues } from './chart-data';
import { resolutionLabel } from './labels';

const raw = (t: string, v: number) => ({ t, avg: v, min: v, max: v, n: 1 });
const s = (iso: string) => Date.parse(iso) / 1000;

describe('series on one time axis', () => {
  const chart = alignSeries([12, 13, 14], {
    resolution_seconds: null,
    series: [
      { point_id: 13, points: [raw('2025-03-07T10:00:30Z', 1), raw('2025-03-07T10:05:00Z', 0)] },
      { point_id: 12, points: [raw('2025-03-07T10:00:00Z', 55.5), raw('2025-03-07T10:01:00Z', 56), raw('2025-03-07T10:05:00Z', 57)] },
    ],
  });

  it('joins every time in order and gives each point its values there, in the order the points are shown', () => {
    expect(chart.xs).toEqual([s('2025-03-07T10:00:00Z'), s('2025-03-07T10:00:30Z'), s('2025-03-07T10:01:00Z'), s('2025-03-07T10:05:00Z')]);
    expect(chart.columns.map((c) => c.pointId)).toEqual([12, 13, 14]);
    expect(chart.columns[0]?.avg).toEqual([55.5, undefined, 56, 57]);
    expect(chart.columns[1]?.avg).toEqual([undefined, 1, undefined, 0]);
  });

  it('leaves holes (undefined, which uPlot spans) where a point has no record, and a point without records empty', () => {
    expect(chart.columns[2]).toMatchObject({ size: 0, avg: [undefined, undefined, undefined, undefined] });
    expect(chart.columns[1]?.avg.includes(null as never)).toBe(false);
    expect(isEmptyChart(chart)).toBe(false);
    expect(isEmptyChart(alignSeries([12], { resolution_seconds: null, series: [] }))).toBe(true);
  });

  it('shows in the legend each point\'s latest value at the cursor, none before its first', () => {
    expect(legendValues(chart, 0).map((v) => v.avg)).toEqual([55.5, undefined, undefined]);
    expect(legendValues(chart, 2).map((v) => v.avg)).toEqual([56, 1, undefined]);
    expect(legendValues(chart, 3).map((v) => v.avg)).toEqual([57, 0, undefined]);
    expect(legendValues(chart, -1).map((v) => v.avg)).toEqual([undefined, undefined, undefined]);
  });

  it('keeps the minimum and maximum of downsampled buckets beside the average', () => {
    const buckets = alignSeries([12], {
      resolution_seconds: 900,
      series: [{ point_id: 12, points: [{ t: '2025-03-07T10:00:00Z', avg: 55, min: 54, max: 57.5, n: 15 }, { t: '2025-03-07T10:30:00Z', avg: 56, min: 56, max: 56, n: 3 }] }],
    });
    expect(buckets.resolutionSeconds).toBe(900);
    expect(buckets.columns[0]).toMatchObject({ avg: [55, 56], min: [54, 56], max: [57.5, 56] });
    expect(legendValues(buckets, 0)).toEqual([{ pointId: 12, avg: 55, min: 54, max: 57.5 }]);
  });
});

describe('chart window', () => {
  it('spans the values, not the whole range, and shows a lone time with five minutes either side', () => {
    expect(chartWindow([1000, 1060, 1500])).toEqual([1000, 1500]);
    expect(chartWindow([1000, 1000])).toEqual([700, 1300]);
    expect(chartWindow([1000])).toEqual([700, 1300]);
  });
});

describe('resolution label', () => {
  it('names every resolution the server may choose', () => {
    expect(Object.values(recordResolutions).map(resolutionLabel)).toEqual([
      '15 seconds', '1 minute', '5 minutes', '15 minutes', '1 hour', '4 hours', '6 hours', '12 hours', '1 day', '7 days',
    ]);
  });
});
