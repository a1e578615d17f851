import type { PressureStatus } from '@syrx/contracts/pressure-control';

/** Why an iteration could not compute or write Pnorm although BACnet worked (nothing configured, nothing answered). */
export class PressureControlError extends Error {
  override readonly name = 'PressureControlError';
}

const limits = { type: 200, message: 5000, stackTrace: 20_000 } as const;
const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

interface Failure {
  error: Error;
  /** What failed, as the panel names it: `BPT-3 (OBJECT_ANALOG_INPUT:3 of device 1401)`. */
  context: string | undefined;
  time: number;
}

/**
 * The failures of one iteration, which become its exception: the first one's date and type, every message (one a
 * line, each after what failed) and every stack trace.
 */
export class IterationFailures {
  private readonly list: Failure[] = [];

  add(err: unknown, context?: string): void {
    const error = err instanceof Error ? err : new Error(String(err));
    this.list.push({ error, context, time: Date.now() });
  }

  get count(): number {
    return this.list.length;
  }

  toException(): PressureStatus['exception'] {
    const [first] = this.list;
    if (!first) return null;
    const message = this.list.map((f) => (f.context ? `${f.context}: ${f.error.message}` : f.error.message)).join('\n');
    const stacks = this.list.map((f) => f.error.stack).filter((s): s is string => Boolean(s));
    return {
      timestamp: first.time,
      type: clip(first.error.name || 'Error', limits.type),
      message: clip(message, limits.message),
      stack_trace: stacks.length > 0 ? clip(stacks.join('\n\n'), limits.stackTrace) : null,
    };
  }
}
