/** One line the agent logged, as the hub hands it to its listeners. */
export interface LogLine {
  /** pino's numeric level (10 trace … 60 fatal). */
  level: number;
  time: number;
  /** The service id of the child logger that wrote it (null for the agent's own lines without one). */
  service: string | null;
  /** The dotted logger name (null when none was bound). */
  logger: string | null;
  msg: string;
  /** The logged error's stack (or its text when it was no Error). */
  exception: string | null;
  /** The line's other fields (its context: directory, counts, …). */
  details: Record<string, unknown>;
  /** False for lines that must not be shipped (the log shipper's own: they would feed the queue they report on). */
  ship: boolean;
}

const standardKeys = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'service', 'logger', 'err', 'controllerId', 'ship']);

function exceptionOf(err: unknown): string | null {
  if (err === undefined || err === null) return null;
  if (typeof err === 'string') return err;
  if (typeof err === 'object') {
    const e = err as { stack?: unknown; type?: unknown; message?: unknown };
    if (typeof e.stack === 'string') return e.stack;
    if (typeof e.message === 'string') return `${typeof e.type === 'string' ? e.type : 'Error'}: ${e.message}`;
  }
  return JSON.stringify(err);
}

/** Reads one JSON line as pino writes it; null when it is none. */
export function parseLogLine(chunk: string): LogLine | null {
  let raw: unknown;
  try {
    raw = JSON.parse(chunk);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  const details: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!standardKeys.has(k)) details[k] = v;
  return {
    level: typeof o.level === 'number' ? o.level : 30,
    time: typeof o.time === 'number' ? o.time : Date.now(),
    service: typeof o.service === 'string' ? o.service : null,
    logger: typeof o.logger === 'string' ? o.logger : null,
    msg: typeof o.msg === 'string' ? o.msg : '',
    exception: exceptionOf(o.err),
    details,
    ship: o.ship !== false,
  };
}

/** The message with its context, as one text: `reporting queue open {"queued":0}`. */
export function messageWithDetails(line: LogLine): string {
  return Object.keys(line.details).length === 0 ? line.msg : `${line.msg} ${JSON.stringify(line.details)}`;
}

/**
 * Taps the agent's logger: a pino destination (beside process.stdout in a multistream) that parses every line and
 * hands it to its listeners (the log shipper, the live logs). Listeners run synchronously and must not log.
 */
export class LogHub {
  private readonly listeners = new Set<(line: LogLine) => void>();

  /** pino's destination interface. */
  readonly write = (chunk: string): void => {
    if (this.listeners.size === 0) return;
    const line = parseLogLine(chunk);
    if (line) for (const l of this.listeners) l(line);
  };

  /** Hands every line to `listener` until the returned function is called. */
  subscribe(listener: (line: LogLine) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
