import { mkdir } from 'node:fs/promises';
import { ClassicLevel } from 'classic-level';
import type { AgentRecord } from '@syrx/contracts/records';
import type { Logger } from '../../logger.ts';

/** Enough for weeks of a large site (a record takes some 40 octets on disk): a months-long outage cannot fill the disk. */
export const defaultMaxBufferedRecords = 2_000_000;

/** The oldest records, and their keys to delete once the server has them. */
export interface BufferedBatch {
  keys: string[];
  records: AgentRecord[];
}

// Records under "r!<time, 15 digits>!<sequence, 16 digits>": LevelDB orders keys as text, so oldest first and unique.
const records = { gt: 'r!', lt: 'r"' } as const;
const keyOf = (time: number, seq: number) => `r!${String(time).padStart(15, '0')}!${String(seq).padStart(16, '0')}`;
const timeOfKey = (key: string) => Number(key.slice(2, 17));
// Written in the same batch as the records they count: a crash leaves them consistent.
const meta = { sequence: 'm!sequence', count: 'm!count' } as const;

/**
 * The reporting service's durable store-and-forward buffer: a LevelDB directory (classic-level) of compact records
 * [point id, time ms, value] in time order. Writes are serialised (each one a single atomic batch with the running
 * count and sequence), so depth and oldest time are known without a scan; beyond `maxRecords` the oldest are dropped.
 */
export class RecordBuffer {
  private sequence = 0;
  private count = 0;
  private oldest: number | null = null;
  private droppedTotal = 0;
  private lastDropWarning = 0;
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: ClassicLevel<string, unknown>,
    private readonly maxRecords: number,
    private readonly logger: Logger,
  ) {}

  /** Opens (creating it if need be) the buffer in `directory`; what an earlier run left there is kept. */
  static async open(o: { directory: string; maxRecords?: number; logger: Logger }): Promise<RecordBuffer> {
    await mkdir(o.directory, { recursive: true });
    const db = new ClassicLevel<string, unknown>(o.directory, { valueEncoding: 'json' });
    await db.open();
    const buffer = new RecordBuffer(db, Math.max(1, o.maxRecords ?? defaultMaxBufferedRecords), o.logger);
    const [sequence, count] = await db.getMany([meta.sequence, meta.count]);
    buffer.sequence = typeof sequence === 'number' ? sequence : 0;
    buffer.count = typeof count === 'number' ? count : (await db.keys(records).all()).length;
    await buffer.refreshOldest();
    return buffer;
  }

  /** Records waiting to be acknowledged by the server. */
  get depth(): number {
    return this.count;
  }

  /** The time (ms) of the oldest record waiting, or null when there is none. */
  get oldestTime(): number | null {
    return this.oldest;
  }

  /** Records dropped since the buffer was opened because it was full. */
  get dropped(): number {
    return this.droppedTotal;
  }

  /** Appends records in one batch (then drops the oldest beyond the maximum). */
  append(batch: readonly AgentRecord[]): Promise<void> {
    if (batch.length === 0) return Promise.resolve();
    return this.serialised(async () => {
      const ops = batch.map((r) => ({ type: 'put' as const, key: keyOf(r[1], ++this.sequence), value: r }));
      const count = this.count + batch.length;
      await this.db.batch([...ops, { type: 'put', key: meta.sequence, value: this.sequence }, { type: 'put', key: meta.count, value: count }]);
      this.count = count;
      if (this.count > this.maxRecords) await this.dropOldest(this.count - this.maxRecords);
      await this.refreshOldest();
    });
  }

  /** The oldest records, at most `limit`. */
  async oldestBatch(limit: number): Promise<BufferedBatch> {
    const entries = await this.db.iterator({ ...records, limit }).all();
    return { keys: entries.map(([k]) => k), records: entries.map(([, v]) => v as AgentRecord) };
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
    const keys = await this.db.keys({ ...records, limit: n }).all();
    const count = this.count - keys.length;
    await this.db.batch([...keys.map((key) => ({ type: 'del' as const, key })), { type: 'put', key: meta.count, value: count }]);
    this.count = count;
    this.droppedTotal += keys.length;
    if (Date.now() - this.lastDropWarning >= 60_000) {
      this.lastDropWarning = Date.now();
      this.logger.warn({ maxRecords: this.maxRecords, droppedTotal: this.droppedTotal }, 'reporting buffer full: the oldest records are dropped');
    }
  }

  private async refreshOldest(): Promise<void> {
    const [first] = await this.db.keys({ ...records, limit: 1 }).all();
    this.oldest = first === undefined ? null : timeOfKey(first);
  }

  private serialised<T>(write: () => Promise<T>): Promise<T> {
    const run = this.writes.then(write);
    this.writes = run.catch(() => undefined);
    return run;
  }
}
