import { mkdir } from 'node:fs/promises';
import { ClassicLevel } from 'classic-level';
import type { Logger } from '../logger.ts';

/** The oldest items, and their keys (to delete once the server has them; a log entry's id). */
export interface QueuedBatch<T> {
  keys: string[];
  items: T[];
}

export interface DurableQueueOptions<T> {
  /** A LevelDB directory, created if need be; what an earlier run left there is kept. */
  directory: string;
  /** What it holds, in log lines ("records", "logs", …). */
  kind: string;
  /** The time (ms) an item is ordered by. */
  timeOf: (item: T) => number;
  /** Beyond this many items the oldest are dropped (counted, and logged at most once a minute). */
  maxItems: number;
  logger: Logger;
}

// Items under "r!<time ms, 15 digits>!<sequence, 16 digits>": LevelDB orders keys as text, so oldest first (ties in
// arrival order) and unique across restarts. The reporting buffer's original format: buffers left by it stay readable.
const items = { gt: 'r!', lt: 'r"' } as const;
const keyOf = (time: number, seq: number) => `r!${String(Math.max(0, Math.trunc(time))).padStart(15, '0')}!${String(seq).padStart(16, '0')}`;
const timeOfKey = (key: string) => Number(key.slice(2, 17));
// Written in the same batch as the items they count: a crash leaves them consistent.
const meta = { sequence: 'm!sequence', count: 'm!count' } as const;

/**
 * A durable store-and-forward queue: a LevelDB directory (classic-level) of JSON items in time order. Writes are
 * serialised, each one a single atomic batch with the running count and sequence, so depth and oldest time are known
 * without a scan; beyond `maxItems` the oldest are dropped.
 */
export class DurableQueue<T> {
  private sequence = 0;
  private count = 0;
  private oldest: number | null = null;
  private droppedTotal = 0;
  private lastDropWarning = 0;
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(private readonly db: ClassicLevel<string, unknown>, private readonly o: DurableQueueOptions<T>) {}

  static async open<T>(o: DurableQueueOptions<T>): Promise<DurableQueue<T>> {
    await mkdir(o.directory, { recursive: true });
    const db = new ClassicLevel<string, unknown>(o.directory, { valueEncoding: 'json' });
    await db.open();
    const queue = new DurableQueue<T>(db, { ...o, maxItems: Math.max(1, o.maxItems) });
    const [sequence, count] = await db.getMany([meta.sequence, meta.count]);
    queue.sequence = typeof sequence === 'number' ? sequence : 0;
    queue.count = typeof count === 'number' ? count : (await db.keys(items).all()).length;
    await queue.refreshOldest();
    return queue;
  }

  /** Items waiting to be acknowledged by the server. */
  get depth(): number {
    return this.count;
  }

  /** The time (ms) of the oldest item waiting, or null when there is none. */
  get oldestTime(): number | null {
    return this.oldest;
  }

  /** Items dropped since the queue was opened because it was full. */
  get dropped(): number {
    return this.droppedTotal;
  }

  /** Appends items in one batch (then drops the oldest beyond the maximum); resolves with their keys. */
  append(batch: readonly T[]): Promise<string[]> {
    if (batch.length === 0) return Promise.resolve([]);
    return this.serialised(async () => {
      const ops = batch.map((item) => ({ type: 'put' as const, key: keyOf(this.o.timeOf(item), ++this.sequence), value: item }));
      const count = this.count + batch.length;
      await this.db.batch([...ops, { type: 'put', key: meta.sequence, value: this.sequence }, { type: 'put', key: meta.count, value: count }]);
      this.count = count;
      if (this.count > this.o.maxItems) await this.dropOldest(this.count - this.o.maxItems);
      await this.refreshOldest();
      return ops.map((op) => op.key);
    });
  }

  /** The oldest items, at most `limit`. */
  async oldestBatch(limit: number): Promise<QueuedBatch<T>> {
    const entries = await this.db.iterator({ ...items, limit }).all();
    return { keys: entries.map(([k]) => k), items: entries.map(([, v]) => v as T) };
  }

  /** Deletes what the server acknowledged; resolves with how many were still there (some may have been dropped). */
  remove(keys: readonly string[]): Promise<number> {
    return this.serialised(async () => {
      const present = (await this.db.getMany([...keys])).flatMap((v, i) => (v === undefined ? [] : [keys[i] as string]));
      const count = this.count - present.length;
      await this.db.batch([...present.map((key) => ({ type: 'del' as const, key })), { type: 'put', key: meta.count, value: count }]);
      this.count = count;
      await this.refreshOldest();
      return present.length;
    });
  }

  /** Closes the directory once the writes under way are done. */
  async close(): Promise<void> {
    await this.serialised(() => this.db.close());
  }

  private async dropOldest(n: number): Promise<void> {
    const keys = await this.db.keys({ ...items, limit: n }).all();
    const count = this.count - keys.length;
    await this.db.batch([...keys.map((key) => ({ type: 'del' as const, key })), { type: 'put', key: meta.count, value: count }]);
    this.count = count;
    this.droppedTotal += keys.length;
    if (Date.now() - this.lastDropWarning >= 60_000) {
      this.lastDropWarning = Date.now();
      this.o.logger.warn({ maxItems: this.o.maxItems, droppedTotal: this.droppedTotal }, `${this.o.kind} queue full: the oldest are dropped`);
    }
  }

  private async refreshOldest(): Promise<void> {
    const [first] = await this.db.keys({ ...items, limit: 1 }).all();
    this.oldest = first === undefined ? null : timeOfKey(first);
  }

  private serialised<T2>(write: () => Promise<T2>): Promise<T2> {
    const run = this.writes.then(write);
    this.writes = run.catch(() => undefined);
    return run;
  }
}
