import type { Logger } from '../logger.ts';
import type { DurableQueue, QueuedBatch } from './durable-queue.ts';

/** Sends one batch to the server and resolves with its acknowledgement. */
export type BatchSender<T> = (batch: QueuedBatch<T>) => Promise<unknown>;

export interface QueueUploaderOptions<T> {
  queue: DurableQueue<T>;
  send: BatchSender<T>;
  logger: Logger;
  /** What is uploaded, in log lines ("records", "logs", …). */
  kind: string;
  /** Items per batch (the contract's maximum for the event). */
  batchSize: number;
  /** How long new items may gather before a batch goes (a backlog goes at once). */
  lingerMs?: number;
  /** Back-off after a failure: doubles from min to max; a reconnection cuts it short. */
  retryMs?: { min: number; max: number };
  /** Whether the socket is connected now (assumed when not given). */
  connected?: () => boolean;
}

type Wake = 'data' | 'connect' | 'stop';
type Ack = { ok: true; stored?: number; duplicates?: number; refused?: number };
const isOk = (ack: unknown): ack is Ack => typeof ack === 'object' && ack !== null && (ack as { ok?: unknown }).ok === true;

/**
 * Sends the queue's oldest items to the server, batch after batch, deleting each batch only once the server
 * acknowledged it ({ ok: true }); a failure or time-out is retried with back-off, so nothing is lost or reordered.
 * A batch sent again after a lost acknowledgement is stored once (the server stores every kind idempotently).
 */
export class QueueUploader<T> {
  private loop: Promise<void> | null = null;
  private stopped = false;
  private dataPending = true;
  private failures = 0;
  private waiter: { reasons: readonly Wake[]; wake: (reason: Wake) => void } | null = null;

  constructor(private readonly o: QueueUploaderOptions<T>) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** New items are in the queue. */
  notify(): void {
    this.dataPending = true;
    this.wake('data');
  }

  /** The socket (re)connected: send now, whatever the back-off. */
  reconnected(): void {
    this.failures = 0;
    this.wake('connect');
  }

  /** Stops after the batch in flight (whose acknowledgement is then ignored: the batch goes again next time). */
  stop(): void {
    this.stopped = true;
    this.wake('stop');
  }

  private async run(): Promise<void> {
    const { queue, logger, kind } = this.o;
    while (!this.stopped) {
      if (this.o.connected && !this.o.connected()) {
        await this.sleep(Infinity, ['connect']);
        continue;
      }
      this.dataPending = false;
      const batch = await queue.oldestBatch(this.o.batchSize).catch(() => null);
      if (!batch || batch.items.length === 0) {
        if (!this.dataPending && (await this.sleep(Infinity, ['data', 'connect'])) === 'data') await this.sleep(this.o.lingerMs ?? 250, ['connect']);
        continue;
      }
      try {
        const ack = await this.o.send(batch);
        if (!isOk(ack)) throw new Error(`the server did not store the ${kind}: ${JSON.stringify(ack)}`);
        if (this.stopped) return;
        await queue.remove(batch.keys);
        this.failures = 0;
        const log = { kind, sent: batch.items.length, stored: ack.stored, duplicates: ack.duplicates, refused: ack.refused, left: queue.depth };
        if ((ack.refused ?? 0) > 0) logger.warn(log, `${kind} upload: the server refused some`);
        else logger.debug(log, `${kind} upload acknowledged`);
      } catch (err) {
        if (this.stopped) return;
        const { min, max } = this.o.retryMs ?? { min: 1000, max: 60_000 };
        const delay = Math.min(max, min * 2 ** Math.min(this.failures++, 16));
        logger.warn({ err: err instanceof Error ? err.message : String(err), items: batch.items.length, retryInMs: delay }, `${kind} upload failed; trying again`);
        await this.sleep(delay, ['connect']);
      }
    }
  }

  private wake(reason: Wake): void {
    if (this.waiter && (reason === 'stop' || this.waiter.reasons.includes(reason))) this.waiter.wake(reason);
  }

  /** Waits the time given or until woken for one of the reasons (or stopped); resolves with why it ended. */
  private sleep(ms: number, reasons: readonly Wake[]): Promise<Wake | 'time'> {
    if (this.stopped) return Promise.resolve('stop');
    return new Promise((resolve) => {
      const done = (why: Wake | 'time') => {
        clearTimeout(timer);
        this.waiter = null;
        resolve(why);
      };
      const timer = Number.isFinite(ms) ? setTimeout(() => done('time'), ms) : undefined;
      this.waiter = { reasons, wake: done };
    });
  }
}
