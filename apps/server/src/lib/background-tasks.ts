/**
 * Work the server does after answering a request (reading the properties of discovered devices, working a
 * Discover-devices message): at most `concurrency` at once, every failure logged, never an unhandled rejection.
 * close() drops what has not started and waits for what has, so nothing touches the database after the pool closes.
 */
export class BackgroundTasks {
  private readonly queue: { name: string; task: () => Promise<unknown> }[] = [];
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly log: { error(o: object, m: string): void },
    private readonly concurrency = 4,
  ) {}

  /** Queues a task; returns at once. */
  run(name: string, task: () => Promise<unknown>): void {
    if (this.closed) return;
    this.queue.push({ name, task });
    this.pump();
  }

  /** Resolves when nothing is queued or running (tests, and close()). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.queue.length = 0;
    await this.idle();
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.queue.length > 0) {
      const next = this.queue.shift();
      if (!next) return;
      const p: Promise<void> = Promise.resolve()
        .then(next.task)
        .then(
          () => undefined,
          (err: unknown) => this.log.error({ err, task: next.name }, 'background task failed'),
        )
        .finally(() => {
          this.running.delete(p);
          this.pump();
        });
      this.running.add(p);
    }
  }
}
