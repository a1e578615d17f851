import { pino, type Logger } from 'pino';
import { lowerLevel } from './logging/log-levels.ts';

export type { Logger };

/** A second destination for the agent's log lines (the log hub), from `level` up. */
export interface LogTap {
  level: string;
  write(line: string): void;
}

export interface LoggerOptions {
  /** Also hands every line from `tap.level` up to the tap (the log hub). */
  tap?: LogTap;
  /** Where the JSON lines go (process.stdout; tests give a sink). */
  destination?: { write(line: string): unknown };
}

/**
 * JSON lines on standard output. Written through process.stdout rather than pino's own destination: when whoever
 * reads our output is gone (the demo server was killed), sonic-boom's exit flush retries the broken pipe for ever
 * and the agent could never stop; a Node stream reports the EPIPE once (ignored in main.ts) and moves on.
 * With a tap, lines go to both through a pino multistream, each from its own level up.
 */
export function createLogger(level: string, base: Record<string, unknown> = {}, o: LoggerOptions = {}): Logger {
  const destination = o.destination ?? process.stdout;
  if (!o.tap) return pino({ level, base: { ...base } }, destination);
  const lowest = lowerLevel(o.tap.level, level);
  const streams = pino.multistream([{ level: level as pino.Level, stream: destination }, { level: o.tap.level as pino.Level, stream: o.tap }]);
  return pino({ level: lowest, base: { ...base } }, streams);
}

/** A service's logger: its lines carry `service` (the service id) and `logger` (a dotted name, the id by default). */
export function serviceLogger(root: Logger, serviceId: string, name: string = serviceId): Logger {
  return root.child({ service: serviceId, logger: name });
}

/** A part's logger under its parent's dotted name: `Syrx.Services.ReportingService.Collector`. */
export function subLogger(parent: Logger, part: string): Logger {
  const name: unknown = parent.bindings().logger;
  return parent.child({ logger: typeof name === 'string' ? `${name}.${part}` : part });
}

export const silentLogger: Logger = pino({ level: 'silent' });
