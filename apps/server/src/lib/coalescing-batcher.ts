interface Pending<V, R> {
  value: V;
  waiters: { resolve(r: R): void; reject(e: unknown): void }[];
}

/**
 * Gathers writes by key for a short while and hands them to one batch write: many agents' reports become one statement
 * a second instead of one transaction each. A key written twice before the flush keeps its latest value, and both
 * callers get its result. A failed batch fails every caller in it (they retry on their next report); close() flushes
 * what is pending and refuses more, so nothing is written after the database closes. Memory is bounded by the number
 * of keys: writes that fall behind make bigger batches, not more of them.
 */
export class CoalescingBatcher<V, R> {
  private pending = new Map<string, Pending<V, R>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** A flush is queued behind the one in progress (it will take whatever is pending then). */
  private waiting = false;
  private closed = false;

  /**
   * @param write stores a batch (latest value per key) and answers a result per key
   * @param delayMs how long the first pending write waits for others
   * @param maxBatch a batch this large is written at once (more pending after a slow write: in slices this large)
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

  /**
   * Writes what is pending, after the batch in progress (batches never overlap, so a key's writes stay in order). At
   * most one flush waits behind the one in progress, and it takes what is pending when its turn comes: when writes
   * fall behind, later reports of a key replace earlier ones instead of queueing batch after batch, so waiting costs
   * at most one entry per key and one batch's write time.
   */
  flushNow(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0 || this.waiting) return this.flushing;
    this.waiting = true;
    this.flushing = this.flushing.then(async () => {
      this.waiting = false;
      const pending = [...this.pending];
      this.pending = new Map();
      for (let i = 0; i < pending.length; i += this.maxBatch) await this.writeBatch(pending.slice(i, i + this.maxBatch));
    });
    return this.flushing;
  }

  private async writeBatch(batch: [string, Pending<V, R>][]): Promise<void> {
    try {
      const results = await this.write(new Map(batch.map(([k, e]) => [k, e.value])));
      for (const [key, e] of batch) {
        const r = results.get(key);
        for (const w of e.waiters) {
          if (r === undefined) w.reject(new Error(`no result for ${key}`));
          else w.resolve(r);
        }
      }
    } catch (err) {
      for (const [, e] of batch) for (const w of e.waiters) w.reject(err);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flushNow();
  }
}
