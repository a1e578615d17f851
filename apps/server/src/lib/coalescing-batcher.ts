/**
 * Gathers writes by key for a short while and hands them to one batch write: many agents' reports become one statement
 * a second instead of one transaction each. A key written twice before the flush keeps its latest value, and both
 * callers get its result. A failed batch fails every caller in it (they retry on their next report); close() flushes
 * what is pending and refuses more, so nothing is written after the database closes.
 */
export class CoalescingBatcher<V, R> {
  private pending = new Map<string, { value: V; waiters: { resolve(r: R): void; reject(e: unknown): void }[] }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  /**
   * @param write stores a batch (latest value per key) and answers a result per key
   * @param delayMs how long the first pending write waits for others
   * @param maxBatch a batch this large is written at once
   */
  constructor(
    private readonly write: (batch: Map<string, V>) => Promise<Map<string, R>>,
    private readonly delayMs: number,
    private readonly maxBatch: number,
  ) {}

  add(key: string, value: V): Promise<R> {
    if (this.closed) return Promise.reject(new Error('closing: the write was not taken'));
    return new Promise<R>((resolve, reject) => {
      const entry = this.pending.get(key);
      if (entry) {
        entry.value = value;
        entry.waiters.push({ resolve, reject });
      } else {
        this.pending.set(key, { value, waiters: [{ resolve, reject }] });
      }
      if (this.pending.size >= this.maxBatch) void this.flushNow();
      else if (!this.timer) {
        this.timer = setTimeout(() => void this.flushNow(), this.delayMs);
        this.timer.unref();
      }
    });
  }

  /** Writes what is pending now (after a batch in progress: batches never overlap, so a key's writes stay in order). */
  flushNow(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return this.flushing;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.flushing.then(async () => {
      try {
        const results = await this.write(new Map([...batch].map(([k, e]) => [k, e.value])));
        for (const [key, e] of batch) {
          const r = results.get(key);
          for (const w of e.waiters) {
            if (r === undefined) w.reject(new Error(`no result for ${key}`));
            else w.resolve(r);
          }
        }
      } catch (err) {
        for (const e of batch.values()) for (const w of e.waiters) w.reject(err);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flushNow();
  }
}
