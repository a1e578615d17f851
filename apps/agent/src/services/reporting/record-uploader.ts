import type { AgentRecord, AgentRecordsAck } from '@syrx/contracts/records';
import type { Logger } from '../../logger.ts';
import type { RecordBuffer } from './record-buffer.ts';

/** Sends one batch to the server and resolves with its acknowledgement (agent/server/records). */
export type RecordSender = (records: AgentRecord[]) => Promise<unknown>;

export interface RecordUploaderOptions {
  buffer: RecordBuffer;
  send: RecordSender;
  logger: Logger;
  /** Records per batch (the contract's maximum, 5000). */
  batchSize?: number;
  /** How long new records may gather before a batch goes (a backlog goes at once); short, since a COV change should reach the server within a second. */
  lingerMs?: number;
  /** Back-off after a failure: doubles from min to max; a reconnection cuts it short. */
  retryMs?: { min: number; max: number };
  /** Whether the socket is connected now (assumed when not given). */
  connected?: () => boolean;
}

type Wake = 'data' | 'connect' | 'stop';
const isOk = (ack: unknown): ack is Extract<AgentRecordsAck, { ok: true }> => typeof ack === 'object' && ack !== null && (ack as { ok?: unknown }).ok === true;

/**
 * Sends the buffer's oldest records to the server, batch after batch, deleting each batch only once the server
 * acknowledged it ({ ok: true }); a failure or time-out is retried with back-off, so nothing is lost or reordered.
 * A batch sent again after a lost acknowledgement is stored once (the server's primary key is point + time).
 */
export class RecordUploader {
  private loop: Promise<void> | null = null;
  private stopped = false;
  private dataPending = true;
  private failures = 0;
  private waiter: { reasons: readonly Wake[]; wake: (reason: Wake) => void } | null = null;

  constructor(private readonly o: RecordUploaderOptions) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** New records are in the buffer. */
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
    const { buffer, logger } = this.o;
    while (!this.stopped) {
      if (this.o.connected && !this.o.connected()) {
        await this.sleep(Infinity, ['connect']);
        continue;
      }
      this.dataPending = false;
      const batch = await buffer.oldestBatch(this.o.batchSize ?? 5000).catch(() => null);
      if (!batch || batch.records.length === 0) {
        if (!this.dataPending && (await this.sleep(Infinity, ['data', 'connect'])) === 'data') await this.sleep(this.o.lingerMs ?? 250, ['connect']);
        continue;
      }
      try {
        const ack = await this.o.send(batch.records);
        if (!isOk(ack)) throw new Error(`the server did not store the records: ${JSON.stringify(ack)}`);
        if (this.stopped) return;
        await buffer.remove(batch.keys);
        this.failures = 0;
        const log = { sent: batch.records.length, stored: ack.stored, duplicates: ack.duplicates, refused: ack.refused, left: buffer.depth };
        if (ack.refused > 0) logger.warn(log, 'reporting upload: the server refused some records');
        else logger.debug(log, 'reporting upload acknowledged');
      } catch (err) {
        if (this.stopped) return;
        const { min, max } = this.o.retryMs ?? { min: 1000, max: 60_000 };
        const delay = Math.min(max, min * 2 ** Math.min(this.failures++, 16));
        logger.warn({ err: err instanceof Error ? err.message : String(err), records: batch.records.length, retryInMs: delay }, 'reporting upload failed; trying again');
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
