import { timedBatchWrite } from './report-timing.ts';

interface Pending<V, R> {
  value: V;
  waiters: { resolve(r: R): void; reject(e: unknown): void }[];
}

/**
 * Gathers writes by key for a short while and hands them to one batch write: many agents' reports become a few
 * statements a second instead of one transaction each. A key written twice before its batch is taken keeps its latest
 * value, and both callers get its result. Up to `maxInFlight` batches are written at once, never two holding the same
 * key (a key's writes stay in order: a key whose batch is in flight waits for it), so a slow batch does not hold the
 * others' acknowledgements. A failed batch fails every caller in it (they retry on their next report); close() flushes
 * what is pending and refuses more, so nothing is written after the database closes. Memory is bounded by the number
 * of keys: writes that fall behind make bigger batches (up to `maxBatch`), not more of them.
 */
export class CoalescingBatcher<V, R> {
  private pending = new Map<string, Pending<V, R>>();
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly inFlightKeys = new Set<string>();
  private closed = false;

  /**
   * @param write stores a batch (latest value per key) and answers a result per key
   * @param delayMs how long the first pending write waits for others
   * @param maxBatch a batch this large is written at once (more pending after a slow write: in slices this large)
   * @param maxInFlight how many batches may be written at the same time
   * @param kind what the batches hold, for their timing (lib/report-timing.ts)
   */
  constructor(
    private readonly write: (batch: Map<string, V>) => Promise<Map<string, R>>,
    private readonly delayMs: number,
    private readonly maxBatch: number,
    private readonly maxInFlight = 1,
    private readonly kind = 'batch',
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
   * Starts batches of what is pending, as many as may be in flight; what cannot start now (all batches busy, or its
   * key's batch still in flight) starts when a batch ends, taking whatever is pending then: when writes fall behind,
   * later reports of a key replace earlier ones instead of queueing batch after batch.
   */
  flushNow(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const started: Promise<void>[] = [];
    while (this.inFlight.size < this.maxInFlight) {
      const batch: [string, Pending<V, R>][] = [];
      for (const entry of this.pending) {
        if (batch.length >= this.maxBatch) break;
        if (!this.inFlightKeys.has(entry[0])) batch.push(entry);
      }
      if (batch.length === 0) break;
      for (const [key] of batch) {
        this.pending.delete(key);
        this.inFlightKeys.add(key);
      }
      const done: Promise<void> = this.writeBatch(batch).finally(() => {
        this.inFlight.delete(done);
        for (const [key] of batch) this.inFlightKeys.delete(key);
        // A timer still set will start what is pending; none set means what is pending has waited its delay already.
        if (this.pending.size > 0 && (this.timer === undefined || this.pending.size >= this.maxBatch)) void this.flushNow();
      });
      this.inFlight.add(done);
      started.push(done);
    }
    return Promise.all(started).then(() => undefined);
  }

  private async writeBatch(batch: [string, Pending<V, R>][]): Promise<void> {
    try {
      const results = await timedBatchWrite(this.kind, batch.length, () => this.write(new Map(batch.map(([k, e]) => [k, e.value]))));
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
    while (this.pending.size > 0 || this.inFlight.size > 0) {
      void this.flushNow();
      await Promise.all([...this.inFlight]);
    }
  }
}
