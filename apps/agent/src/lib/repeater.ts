import type { Logger } from '../logger.ts';

/**
 * Runs a task at once and then every interval, each run starting an interval after the previous one began (or
 * right after it ended, when it took longer): runs never overlap. A failure is logged and the next run goes ahead.
 */
export class Repeater {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private active = false;

  constructor(private readonly intervalMs: number, private readonly task: () => Promise<unknown>, private readonly logger: Logger) {}

  start(): void {
    if (this.active) return;
    this.active = true;
    if (!this.running) this.run();
  }

  /** Stops repeating; a run under way ends in the background (a command it waits for may take its time-out). */
  stop(): void {
    this.active = false;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private run(): void {
    const began = Date.now();
    this.running = this.task()
      .then(() => undefined, (err: unknown) => this.logger.warn({ err: err instanceof Error ? err : String(err) }, 'a periodic task failed'))
      .finally(() => {
        this.running = null;
        if (this.active) this.timer = setTimeout(() => this.run(), Math.max(0, began + this.intervalMs - Date.now()));
      });
  }
}
