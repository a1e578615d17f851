import { useEffect, useRef } from 'react';
import { Typography } from 'antd';

export interface LogLine {
  at: string;
  text: string;
  error: boolean;
}

/** A line for a log, stamped now. */
export const logLine = (text: string, error = false): LogLine => ({ at: new Date().toISOString(), text, error });

const time = (iso: string) => new Date(iso).toLocaleTimeString();

/** A log of what happened, as text: errors in red, newest at the bottom and kept in view. */
export function LogArea({ lines, label = 'Log', height = 160 }: { lines: readonly LogLine[]; label?: string; height?: number }) {
  const end = useRef<HTMLDivElement>(null);
  // Braces: newer browsers return a promise from scrollIntoView, and an effect may return only its cleanup.
  useEffect(() => {
    void end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [lines.length]);
  return (
    <div
      role="log"
      aria-label={label}
      style={{ height, overflowY: 'auto', background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6, padding: '6px 10px', fontFamily: 'monospace', fontSize: 12 }}
    >
      {lines.map((l, i) => (
        <Typography.Text key={i} type={l.error ? 'danger' : undefined} style={{ display: 'block', fontFamily: 'inherit', fontSize: 'inherit', whiteSpace: 'pre-wrap' }}>
          {`${time(l.at)}  ${l.text}`}
        </Typography.Text>
      ))}
      <div ref={end} />
    </div>
  );
}
