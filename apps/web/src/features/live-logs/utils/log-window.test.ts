import { describe, expect, it } from 'vitest';
import type { LiveLogRow } from './live-log-buffer';
import { logWindow, viewAt } from './log-window';

const rows = (from: number, to: number): LiveLogRow[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    seq: from + i, journalCursor: String(from + i), timestamp: '2025-03-07T14:05:09Z', systemdUnit: 'u', logLevel: 'INFO' as const, message: 'm',
  }));
const geometry = { rowHeight: 20, height: 200 };

describe('the live log window', () => {
  it('renders only the rows in sight and a few either side', () => {
    const win = logWindow({ rows: rows(1, 2000), order: 'asc', view: { follow: false, anchorSeq: 1001, offset: 0 }, ...geometry, overscan: 5 });
    expect(win).toEqual({ scrollTop: 20_000, first: 995, end: 1015, totalHeight: 40_000 });
  });

  it('follows the newest edge: the bottom oldest to newest, the top newest to oldest', () => {
    expect(logWindow({ rows: rows(1, 100), order: 'asc', view: { follow: true }, ...geometry }).scrollTop).toBe(1800);
    expect(logWindow({ rows: rows(1, 100), order: 'desc', view: { follow: true }, ...geometry }).scrollTop).toBe(0);
    expect(viewAt({ rows: rows(1, 100), order: 'asc', ...geometry }, 1795)).toEqual({ follow: true });
    expect(viewAt({ rows: rows(1, 100), order: 'desc', ...geometry }, 0)).toEqual({ follow: true });
  });

  it('keeps the row the user reads in place while rows arrive and the oldest age out', () => {
    const view = viewAt({ rows: rows(1, 100), order: 'asc', ...geometry }, 405);
    expect(view).toEqual({ follow: false, anchorSeq: 21, offset: 5 });
    // Ten newer rows arrive and the ten oldest are trimmed: row 21 is now tenth from the top.
    expect(logWindow({ rows: rows(11, 110), order: 'asc', view, ...geometry }).scrollTop).toBe(205);

    const desc = viewAt({ rows: rows(1, 100), order: 'desc', ...geometry }, 400);
    expect(desc).toEqual({ follow: false, anchorSeq: 80, offset: 0 });
    // Newest to oldest, newer rows push it down by as many places.
    expect(logWindow({ rows: rows(1, 110), order: 'desc', view: desc, ...geometry }).scrollTop).toBe(600);
  });
});
