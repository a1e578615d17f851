import { type LiveLogEntry, type LiveLogLevel, defaultLiveLogRetention, liveLogLevels } from '@syrx/contracts/live-logs';

/** An entry as the screen keeps it: numbered in order of arrival, which is also its key. */
export interface LiveLogRow extends LiveLogEntry {
  seq: number;
}

export type LiveLogOrder = 'asc' | 'desc';

/**
 * What the live log holds: the rows shown (oldest first, at most `retention`) and, while paused, the rows that
 * arrived since (also oldest first and at most `retention`; older ones beyond that are dropped and counted).
 */
export interface LiveLogBuffer {
  rows: readonly LiveLogRow[];
  held: readonly LiveLogRow[];
  paused: boolean;
  retention: number;
  /** Held rows dropped because more than `retention` arrived while paused (since the last pause). */
  droppedWhilePaused: number;
}

export const emptyBuffer = (retention: number = defaultLiveLogRetention): LiveLogBuffer => ({
  rows: [], held: [], paused: false, retention, droppedWhilePaused: 0,
});

/** The newest `n` of a list kept oldest first (the list itself when it is short enough). */
const newest = <T>(list: readonly T[], n: number): readonly T[] => (list.length > n ? list.slice(list.length - n) : list);

/** New rows: shown at once while running; held while paused (the shown list stops updating). */
export function receive(buffer: LiveLogBuffer, incoming: readonly LiveLogRow[]): LiveLogBuffer {
  if (incoming.length === 0) return buffer;
  if (!buffer.paused) return { ...buffer, rows: newest([...buffer.rows, ...incoming], buffer.retention) };
  const all = [...buffer.held, ...incoming];
  const held = newest(all, buffer.retention);
  return { ...buffer, held, droppedWhilePaused: buffer.droppedWhilePaused + (all.length - held.length) };
}

export const pause = (buffer: LiveLogBuffer): LiveLogBuffer => (buffer.paused ? buffer : { ...buffer, paused: true, droppedWhilePaused: 0 });

/** Running again: what was held joins the list, which keeps only the newest `retention` rows. */
export function resume(buffer: LiveLogBuffer): LiveLogBuffer {
  if (!buffer.paused) return buffer;
  return { ...buffer, paused: false, rows: newest([...buffer.rows, ...buffer.held], buffer.retention), held: [], droppedWhilePaused: 0 };
}

/** Empties the list and what was held; paused stays paused. */
export const clear = (buffer: LiveLogBuffer): LiveLogBuffer => ({ ...buffer, rows: [], held: [], droppedWhilePaused: 0 });

/** A new retention applies at once: the list (and what is held) keeps only its newest rows. */
export const setRetention = (buffer: LiveLogBuffer, retention: number): LiveLogBuffer => ({
  ...buffer, retention, rows: newest(buffer.rows, retention), held: newest(buffer.held, retention),
});

/**
 * The rows of the chosen levels, oldest first. Filters apply to what is shown, not to what is kept, so turning a
 * level back on shows its earlier rows again. The order is applied by the list itself (it reads from either end).
 */
export function rowsOfLevels(rows: readonly LiveLogRow[], levels: ReadonlySet<LiveLogLevel>): readonly LiveLogRow[] {
  return levels.size === liveLogLevels.length ? rows : rows.filter((r) => levels.has(r.logLevel));
}

/** The row at place `index` of the list in the chosen order. */
export const rowAt = (rows: readonly LiveLogRow[], index: number, order: LiveLogOrder): LiveLogRow | undefined =>
  rows[order === 'asc' ? index : rows.length - 1 - index];

/** Where a row (by its seq) is, or would be, in rows kept oldest first: the first place whose seq is not smaller. */
export function placeOfSeq(rows: readonly LiveLogRow[], seq: number): number {
  let [lo, hi] = [0, rows.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((rows[mid]?.seq ?? Infinity) < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
