import { describe, expect, it } from 'vitest';
import type { LiveLogLevel } from '@syrx/contracts/live-logs';
import { type LiveLogRow, clear, emptyBuffer, pause, placeOfSeq, receive, resume, rowAt, rowsOfLevels, setRetention } from './live-log-buffer';

const levels: LiveLogLevel[] = ['DEBUG', 'INFO', 'WARNING', 'ERR', 'CRIT'];
const row = (seq: number): LiveLogRow => ({
  seq, journalCursor: `s=${seq}`, timestamp: '2025-03-07T14:05:09Z', systemdUnit: 'syrx-agent.service', logLevel: levels[seq % 5] ?? 'INFO', message: `entry ${seq}`,
});
const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => row(from + i));
const seqs = (list: readonly LiveLogRow[]) => list.map((r) => r.seq);

describe('live log buffer', () => {
  it('keeps 2000 entries by default, oldest first, trimming the oldest', () => {
    const buffer = receive(receive(emptyBuffer(), rows(1, 1500)), rows(1501, 2300));
    expect(buffer.retention).toBe(2000);
    expect(buffer.rows).toHaveLength(2000);
    expect(buffer.rows[0]?.seq).toBe(301);
    expect(buffer.rows.at(-1)?.seq).toBe(2300);
  });

  it('trims at once to a smaller retention, and then keeps that many', () => {
    const buffer = setRetention(receive(emptyBuffer(), rows(1, 700)), 100);
    expect(seqs(buffer.rows)).toEqual(seqs(rows(601, 700)));
    expect(seqs(receive(buffer, rows(701, 750)).rows)).toEqual(seqs(rows(651, 750)));
  });

  it('stops updating the list while paused, holding what arrives until Resume', () => {
    const paused = receive(pause(receive(emptyBuffer(), rows(1, 3))), rows(4, 6));
    expect(seqs(paused.rows)).toEqual([1, 2, 3]);
    expect(seqs(paused.held)).toEqual([4, 5, 6]);
    const resumed = resume(paused);
    expect(resumed.paused).toBe(false);
    expect(seqs(resumed.rows)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(resumed.held).toEqual([]);
  });

  it('holds at most the retention while paused, counting what it drops, and resumes to the newest', () => {
    const paused = receive(pause(receive(emptyBuffer(100), rows(1, 50))), rows(51, 230));
    expect(paused.held).toHaveLength(100);
    expect(paused.droppedWhilePaused).toBe(80);
    expect(seqs(resume(paused).rows)).toEqual(seqs(rows(131, 230)));
  });

  it('clears the list and what is held, staying paused when paused', () => {
    const cleared = clear(receive(pause(receive(emptyBuffer(), rows(1, 3))), rows(4, 5)));
    expect(cleared.rows).toEqual([]);
    expect(cleared.held).toEqual([]);
    expect(cleared.paused).toBe(true);
  });

  it('shows only the chosen levels without forgetting the others', () => {
    const buffer = receive(emptyBuffer(), rows(1, 10));
    const errors = rowsOfLevels(buffer.rows, new Set<LiveLogLevel>(['ERR', 'CRIT']));
    expect(errors.map((r) => r.logLevel)).toEqual(['ERR', 'CRIT', 'ERR', 'CRIT']);
    expect(rowsOfLevels(buffer.rows, new Set(levels))).toBe(buffer.rows);
  });

  it('lists oldest to newest or newest to oldest, and finds a row by its number', () => {
    const list = rows(1, 5);
    expect(rowAt(list, 0, 'asc')?.seq).toBe(1);
    expect(rowAt(list, 0, 'desc')?.seq).toBe(5);
    expect(rowAt(list, 4, 'desc')?.seq).toBe(1);
    expect(placeOfSeq(list, 3)).toBe(2);
    expect(placeOfSeq(rows(10, 20), 1)).toBe(0);
    expect(placeOfSeq(rows(10, 20), 99)).toBe(11);
  });
});
