import { useLayoutEffect, useRef, useState } from 'react';
import { Empty } from 'antd';
import { type LiveLogOrder, type LiveLogRow, rowAt } from '../utils/live-log-buffer';
import { type LogView, logWindow, viewAt } from '../utils/log-window';
import { LiveLogLine } from './live-log-row';

export const logRowHeight = 24;
export const logListHeight = 560;

interface VirtualLogListProps {
  rows: readonly LiveLogRow[];
  order: LiveLogOrder;
  empty: string;
}

/**
 * The live log as a fixed-height list that renders only the lines in sight. It follows the newest entries while
 * scrolled to their edge; scrolled elsewhere, it keeps the line at the top in place as entries arrive or age out.
 */
export function VirtualLogList({ rows, order, empty }: VirtualLogListProps) {
  const box = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<LogView>({ follow: true });
  const geometry = { rows, order, rowHeight: logRowHeight, height: logListHeight };
  const win = logWindow({ ...geometry, view });

  // The scroll position is derived from the view; put the element where the view says before the browser paints.
  useLayoutEffect(() => {
    const el = box.current;
    if (el && Math.abs(el.scrollTop - win.scrollTop) >= 1) el.scrollTop = win.scrollTop;
  }, [win.scrollTop]);

  const lines = [];
  for (let place = win.first; place < win.end; place += 1) {
    const row = rowAt(rows, place, order);
    if (row) lines.push(<LiveLogLine key={row.seq} row={row} top={place * logRowHeight} height={logRowHeight} />);
  }

  return (
    <div
      ref={box}
      role="log"
      aria-label="Live log"
      onScroll={(e) => setView(viewAt(geometry, e.currentTarget.scrollTop))}
      style={{ height: logListHeight, overflowY: 'auto', position: 'relative', border: '1px solid #f0f0f0', borderRadius: 6, fontFamily: 'monospace', fontSize: 12 }}
    >
      {rows.length === 0 ? (
        <Empty description={empty} style={{ paddingTop: 120 }} />
      ) : (
        <div role="list" style={{ position: 'relative', height: win.totalHeight }}>
          {lines}
        </div>
      )}
    </div>
  );
}
