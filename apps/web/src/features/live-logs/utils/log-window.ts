import { type LiveLogOrder, type LiveLogRow, placeOfSeq } from './live-log-buffer';

/**
 * Where the list is scrolled, kept as what the user looks at rather than as pixels: following the newest edge
 * (the bottom oldest-to-newest, the top newest-to-oldest), or holding a row (by seq) at the top, `offset` pixels
 * into it. Rows arriving or being trimmed then move nothing the user is reading.
 */
export type LogView = { follow: true } | { follow: false; anchorSeq: number; offset: number };

export interface WindowInput {
  rows: readonly LiveLogRow[];
  order: LiveLogOrder;
  view: LogView;
  rowHeight: number;
  height: number;
  overscan?: number;
}

export interface LogWindow {
  /** The list's scroll position for this view. */
  scrollTop: number;
  /** The places (in display order) to render: first included, end excluded. */
  first: number;
  end: number;
  totalHeight: number;
}

/** The display place of a row held by seq (rows oldest first; displayed in `order`). */
function displayPlace(rows: readonly LiveLogRow[], seq: number, order: LiveLogOrder): number {
  const place = placeOfSeq(rows, seq);
  return order === 'asc' ? place : Math.max(0, rows.length - 1 - place);
}

/** The scroll position and the rows to render for a view: only those in sight, and a few either side. */
export function logWindow({ rows, order, view, rowHeight, height, overscan = 10 }: WindowInput): LogWindow {
  const totalHeight = rows.length * rowHeight;
  const maxTop = Math.max(0, totalHeight - height);
  const wanted = view.follow ? (order === 'asc' ? maxTop : 0) : displayPlace(rows, view.anchorSeq, order) * rowHeight + view.offset;
  const scrollTop = Math.min(maxTop, Math.max(0, wanted));
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(rows.length, Math.ceil((scrollTop + height) / rowHeight) + overscan);
  return { scrollTop, first, end, totalHeight };
}

/** The view after the user scrolled to `scrollTop`: following when at the newest edge, else holding the top row. */
export function viewAt(input: Omit<WindowInput, 'view' | 'overscan'>, scrollTop: number): LogView {
  const { rows, order, rowHeight, height } = input;
  const maxTop = Math.max(0, rows.length * rowHeight - height);
  const nearEdge = order === 'asc' ? scrollTop >= maxTop - rowHeight / 2 : scrollTop <= rowHeight / 2;
  if (nearEdge || rows.length === 0) return { follow: true };
  const place = Math.min(rows.length - 1, Math.floor(scrollTop / rowHeight));
  const row = rows[order === 'asc' ? place : rows.length - 1 - place];
  return row ? { follow: false, anchorSeq: row.seq, offset: scrollTop - place * rowHeight } : { follow: true };
}
