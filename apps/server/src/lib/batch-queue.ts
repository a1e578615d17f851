import { timedBatchWrite } from './report-timing.ts';

interface Entry<T, R> {
  key: string;
  item: T;
  resolve(r: R | 'busy'): void;
  reject(e: unknown): void;
}

export interface BatchQueueOptions {
  /** How long the first waiting item waits for others. */
  delayMs: number;
  /** The most items one write takes. */
  maxBatch: number;
  /** The most items waiting; beyond, `add` answers 'busy' at once. */
  maxQueued: number;
  /** What the batches hold, for their timing (lib/report-timing.ts). */
  kind?: string;
}

/** Agents' record and metric uploads: a tenth of a second to gather, up to 200 a write, 2000 waiting per instance. */
export const agentUploadBatching: BatchQueueOptions = { delayMs: 100, maxBatch: 200, maxQueued: 2000 };

/**
 * Gathers many callers' items for a short while and writes them together: thousands of agents' uploads become a few
 * statements a second instead of a transaction each. A write takes at most one item per key (an agent's uploads go
 * in separate, consecutive writes, in order, so each batch's result per key is that one item's). Writes never
 * overlap. The write answers each item's outcome, so one bad item fails alone. Bounded: past `maxQueued` waiting
 * items, or once closing, the caller hears 'busy' (an agent keeps its buffer and sends it again later).
 */
export class BatchQueue<T, R> {
  private queue: Entry<T, R>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly write: (items: T[]) => Promise<PromiseSettledResult<R>[]>,
    private readonly o: BatchQueueOptions,
  ) {}

  add(key: string, item: T): Promise<R | 'busy'> {
    // Closing (the item would outlive the database connection) or full: the caller sends it again later, elsewhere.
    if (this.closed || this.queue.length >= this.o.maxQueued) return Promise.resolve('busy');
    return new Promise<R | 'busy'>((resolve, reject) => {
      this.queue.push({ key, item, resolve, reject });
      this.schedule(this.queue.length >= this.o.maxBatch ? 0 : this.o.delayMs);
    });
  }

  get queued(): number {
    return this.queue.length;
  }

  /** Writes what waits, batch after batch; later items are answered 'busy'. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.queue.length > 0) await this.flush();
    await this.flushing;
  }

  private schedule(ms: number): void {
    if (this.timer && ms > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
    this.timer.unref();
  }

  private flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flushing = this.flushing.then(async () => {
      const batch = this.take();
      if (batch.length === 0) return;
      const results = await timedBatchWrite(this.o.kind ?? 'batch', batch.length, () => this.write(batch.map((e) => e.item)))
        .catch((err: unknown): PromiseSettledResult<R>[] => batch.map(() => ({ status: 'rejected', reason: err })));
      batch.forEach((e, i) => {
        const r = results[i];
        if (r?.status === 'fulfilled') e.resolve(r.value);
        else e.reject(r ? r.reason : new Error('the write gave no result for the item'));
      });
      // What arrived meanwhile has waited long enough.
      if (this.queue.length > 0 && !this.closed) this.schedule(0);
    });
    return this.flushing;
  }

  /** The next batch: up to maxBatch items in arrival order, one per key; the rest keep their places. */
  private take(): Entry<T, R>[] {
    const batch: Entry<T, R>[] = [];
    const keys = new Set<string>();
    const rest: Entry<T, R>[] = [];
    for (const e of this.queue) {
      if (batch.length < this.o.maxBatch && !keys.has(e.key)) {
        batch.push(e);
        keys.add(e.key);
      } else {
        rest.push(e);
      }
    }
    this.queue = rest;
    return batch;
  }
}

/** One item through a write of many (`together`); its result. */
export async function alone<T, R>(together: (items: T[]) => Promise<R[]>, item: T): Promise<R> {
  const [r] = await together([item]);
  if (r === undefined) throw new Error('the write gave no result for the item');
  return r;
}

/**
 * Writes items together (one transaction); when that fails for a reason other than `fatal` (the database being away),
 * writes each alone, so that an item the database refuses fails by itself and the others are stored.
 */
export async function togetherOrAlone<T, R>(items: T[], together: (items: T[]) => Promise<R[]>, fatal: (err: unknown) => boolean): Promise<PromiseSettledResult<R>[]> {
  try {
    return (await together(items)).map((value) => ({ status: 'fulfilled', value }));
  } catch (err) {
    if (items.length === 1 || fatal(err)) return items.map(() => ({ status: 'rejected', reason: err }));
    const results: PromiseSettledResult<R>[] = [];
    for (const item of items) results.push(await alone(together, item).then((value) => ({ status: 'fulfilled' as const, value }), (reason: unknown) => ({ status: 'rejected' as const, reason })));
    return results;
  }
}
