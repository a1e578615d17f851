import { useCallback, useState } from 'react';
import { type LogLine, logLine } from '../../../components/log-area';

/** The most lines the console keeps; older ones drop off. */
const maxLines = 500;

/** The query console's log: results and errors appended as text, cleared on request. */
export function useQueryLog() {
  const [lines, setLines] = useState<LogLine[]>([]);
  const append = useCallback((text: string, error = false) => setLines((l) => [...l, logLine(text, error)].slice(-maxLines)), []);
  const clear = useCallback(() => setLines([]), []);
  return { lines, append, clear };
}

export type AppendToLog = ReturnType<typeof useQueryLog>['append'];

/** A read's answer as one line of text: the value the agent read (objects and lists as JSON). */
export function valueText(data: unknown): string {
  const value = data !== null && typeof data === 'object' && 'value' in data ? (data).value : data;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
