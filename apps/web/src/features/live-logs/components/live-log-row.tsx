import { memo } from 'react';
import type { LiveLogLevel } from '@syrx/contracts/live-logs';
import { formatDateTime } from '../../../lib/date-format';
import type { LiveLogRow } from '../utils/live-log-buffer';

export const levelColours: Record<LiveLogLevel, string> = {
  DEBUG: '#8c8c8c',
  INFO: '#1677ff',
  WARNING: '#d48806',
  ERR: '#cf1322',
  CRIT: '#9e1068',
};

const cell = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** One entry on one line of fixed height (the list is virtualised); the whole message shows on hover. */
export const LiveLogLine = memo(function LiveLogLine({ row, top, height }: { row: LiveLogRow; top: number; height: number }) {
  return (
    <div
      role="listitem"
      data-level={row.logLevel}
      title={row.message}
      style={{ position: 'absolute', top, left: 0, right: 0, height, lineHeight: `${height}px`, display: 'flex', gap: 12, padding: '0 8px' }}
    >
      <span style={{ ...cell, flex: '0 0 180px' }}>{formatDateTime(row.timestamp)}</span>
      <span style={{ ...cell, flex: '0 0 72px', color: levelColours[row.logLevel], fontWeight: 600 }}>{row.logLevel}</span>
      <span style={{ ...cell, flex: '0 0 200px' }}>{row.systemdUnit}</span>
      <span style={{ ...cell, flex: 1 }}>{row.message}</span>
    </div>
  );
});
