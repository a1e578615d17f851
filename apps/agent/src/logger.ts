import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines on standard output. Written through process.stdout rather than pino's own destination: when whoever
 * reads our output is gone (the demo server was killed), sonic-boom's exit flush retries the broken pipe for ever
 * and the agent could never stop; a Node stream reports the EPIPE once (ignored in main.ts) and moves on.
 */
export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  return pino({ level, base: { ...base } }, process.stdout);
}

export const silentLogger: Logger = pino({ level: 'silent' });
