import { join } from 'node:path';
import type { Logger } from '../logger.ts';
import type { ServiceContext } from '../services/service-module.ts';
import { DurableQueue, type QueuedBatch } from './durable-queue.ts';
import { QueueUploader } from './queue-uploader.ts';

export interface UploadPipelineOptions<T> {
  /** The queue's folder under `dataDir` and its name in log lines: records, logs, metrics, diagnostics. */
  kind: string;
  /** The controller's data folder (`<--data-dir>/<controller id>`). */
  dataDir: string;
  timeOf: (item: T) => number;
  /** The queue's bound: beyond it the oldest are dropped. */
  maxItems: number;
  /** Items per upload (the event's maximum). */
  batchSize: number;
  /** The event's payload for a batch (its items with their queue keys). */
  payload: (batch: QueuedBatch<T>) => unknown;
  /** The acknowledged event it is uploaded on. */
  event: string;
  context: ServiceContext;
  logger: Logger;
  /** How long pushed items gather before they are written in one batch (1000 items are written at once). */
  flushMs?: number;
  lingerMs?: number;
  retryMs?: { min: number; max: number };
}

/**
 * One kind of upload: items pushed are written to a durable queue (`<dataDir>/<kind>`) in batches, and uploaded
 * oldest first on `event` in acknowledged batches; only what the server acknowledged is deleted.
 */
export class UploadPipeline<T> {
  private pending: T[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<unknown> = Promise.resolve();
  private opened: DurableQueue<T> | null = null;
  private failed = false;
  private closed = false;
  private uploader: QueueUploader<T> | null = null;
  private readonly opening: Promise<DurableQueue<T> | null>;

  constructor(private readonly o: UploadPipelineOptions<T>) {
    const { context, logger, kind } = o;
    const directory = join(o.dataDir, kind);
    this.opening = DurableQueue.open<T>({ directory, kind, timeOf: o.timeOf, maxItems: o.maxItems, logger }).then(
      (queue) => {
        this.opened = queue;
        this.uploader = new QueueUploader({
          queue, kind, logger, batchSize: o.batchSize, lingerMs: o.lingerMs, retryMs: o.retryMs,
          send: (batch) => context.emitWithAck(o.event, o.payload(batch)),
          connected: () => context.connected?.() ?? true,
        });
        context.onConnect?.(() => this.uploader?.reconnected());
        this.uploader.start();
        logger.info({ directory, queued: queue.depth }, `${kind} queue open`);
        return queue;
      },
      (err: unknown) => {
        this.failed = true;
        logger.error({ directory, err: String(err) }, `${kind} queue cannot be opened; nothing of this kind is kept`);
        return null;
      },
    );
  }

  /** The queue once open (null while opening or when it cannot be opened). */
  get queue(): DurableQueue<T> | null {
    return this.opened;
  }

  get state(): 'opening' | 'open' | 'failed' {
    return this.failed ? 'failed' : this.opened ? 'open' : 'opening';
  }

  /** Resolves once the queue is open (null when it cannot be). */
  ready(): Promise<DurableQueue<T> | null> {
    return this.opening;
  }

  /** Queues items: written within `flushMs`, at once when 1000 are waiting (ignored once closed). */
  push(...items: T[]): void {
    if (this.closed) return;
    this.pending.push(...items);
    if (this.pending.length >= 1000) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.o.flushMs ?? 100);
  }

  /** Writes what was pushed; resolves once it is on disk. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    const { logger, kind } = this.o;
    const write = this.writing.then(async () => {
      const queue = await this.opening;
      if (!queue || batch.length === 0) return;
      await queue.append(batch).then(() => this.uploader?.notify(), (err: unknown) => logger.error({ err: String(err), items: batch.length }, `${kind} could not be written to the queue`));
    });
    this.writing = write;
    return write;
  }

  /** Writes what is pending, stops uploading and closes the queue. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    this.uploader?.stop();
    await (await this.opening)?.close();
  }
}
