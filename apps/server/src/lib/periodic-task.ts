/**
 * Work the server repeats on a timer (retention: deleting old service logs and diagnostics). Runs never overlap; a
 * failure is logged, never an unhandled rejection; the timer does not keep the process alive; close() stops it and
 * waits for a run in progress, so nothing touches the database after the pool closes. Every server instance runs its
 * own: the work must be idempotent (deleting what is old is).
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<unknown>,
    private readonly log: { error(o: object, m: string): void; info(o: object, m: string): void },
  ) {}

  /** First run after `firstMs`, then every `everyMs`. */
  start(everyMs: number, firstMs = everyMs): void {
    const tick = (delay: number) => {
      this.timer = setTimeout(() => {
        void this.runNow().finally(() => {
          if (!this.closed) tick(everyMs);
        });
      }, delay);
      this.timer.unref();
    };
    tick(firstMs);
  }

  /** Runs the work now (or joins the run in progress). */
  runNow(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.running ??= Promise.resolve()
      .then(this.work)
      .then(
        (result) => this.log.info({ task: this.name, result }, 'periodic task done'),
        (err: unknown) => this.log.error({ err, task: this.name }, 'periodic task failed'),
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
