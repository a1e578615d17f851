import { describe, expect, it, vi } from 'vitest';
import type uPlot from 'uplot';
import { alignSeries } from './chart-data';
import { chartData, chartOptions } from './chart-options';

const styles = [
  { id: 12, label: 'AHU-1 / Supply Air Temp', color: '#1f6feb' },
  { id: 13, label: 'AHU-1 / Fan Status', color: '#d1242f' },
];
const base = { width: 800, height: 360, styles, window: [1000, 2000] as const };

describe('uPlot options', () => {
  it('draws one line per point, in the points\' colours, and no band for raw records', () => {
    const o = chartOptions({ ...base, banded: false, onCursor: vi.fn(), onZoom: vi.fn() });
    expect(o.series.map((s) => [s.label, s.stroke])).toEqual([['Time (UTC)', undefined], ['AHU-1 / Supply Air Temp', '#1f6feb'], ['AHU-1 / Fan Status', '#d1242f']]);
    expect(o.bands).toEqual([]);
    expect(o.legend?.show).toBe(false);
  });

  it('adds a minimum and maximum series per point and fills the band between them when downsampled', () => {
    const o = chartOptions({ ...base, banded: true, onCursor: vi.fn(), onZoom: vi.fn() });
    expect(o.series).toHaveLength(7);
    expect(o.bands?.map((b) => b.series)).toEqual([[3, 2], [6, 5]]);
    const chart = alignSeries([12, 13], { resolution_seconds: 900, series: [{ point_id: 12, points: [{ t: '1970-01-01T00:20:00Z', avg: 2, min: 1, max: 3, n: 4 }] }] });
    expect(chartData(chart, true)).toEqual([[1200], [2], [1], [3], [undefined], [undefined], [undefined]]);
    expect(chartData(chart, false)).toEqual([[1200], [2], [undefined]]);
  });

  it('shows times in UTC, opens on the window, and reports the cursor and whether it is zoomed', () => {
    const onCursor = vi.fn();
    const onZoom = vi.fn();
    const o = chartOptions({ ...base, banded: false, onCursor, onZoom });
    expect(o.tzDate?.(Date.UTC(2025, 2, 7, 14, 5) / 1000).getHours()).toBe(14);
    const u = { setScale: vi.fn(), cursor: { idx: 4 }, scales: { x: { min: 1000, max: 2000 } } };
    const fake = u as unknown as uPlot;
    o.hooks?.ready?.forEach((h) => h?.(fake));
    expect(u.setScale).toHaveBeenCalledWith('x', { min: 1000, max: 2000 });
    o.hooks?.setCursor?.forEach((h) => h?.(fake));
    expect(onCursor).toHaveBeenCalledWith(4);
    o.hooks?.setScale?.forEach((h) => h?.(fake, 'x'));
    expect(onZoom).toHaveBeenLastCalledWith(false);
    u.scales.x = { min: 1200, max: 1500 };
    o.hooks?.setScale?.forEach((h) => h?.(fake, 'x'));
    expect(onZoom).toHaveBeenLastCalledWith(true);
  });

  it('counts a zoom into a window shorter than a second (a point\'s first records) as zoomed', () => {
    const onZoom = vi.fn();
    const o = chartOptions({ ...base, window: [1000, 1000.26], banded: false, onCursor: vi.fn(), onZoom });
    const u = { scales: { x: { min: 1000, max: 1000.26 } } };
    o.hooks?.setScale?.forEach((h) => h?.(u as unknown as uPlot, 'x'));
    expect(onZoom).toHaveBeenLastCalledWith(false);
    u.scales.x = { min: 1000.15, max: 1000.25 };
    o.hooks?.setScale?.forEach((h) => h?.(u as unknown as uPlot, 'x'));
    expect(onZoom).toHaveBeenLastCalledWith(true);
  });
});
