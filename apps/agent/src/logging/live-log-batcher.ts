import type { LiveLogEntry } from '@syrx/contracts/live-logs';

export interface LiveLogBatcherOptions {
  /** Sends one message of entries (agent/server/live-logs). */
  send: (entries: LiveLogEntry[]) => void;
  /** At most one message per interval (default 100 ms: ten a second). */
  intervalMs?: number;
  /** Entries per message (the contract's maximum, 2000). */
  maxPerMessage?: number;
  /** Entries waiting beyond this are dropped, oldest first (a browser cannot follow such a flood anyway). */
  maxPending?: number;
}

/**
 * Paces the live log: entries gather and go as one message at most every interval, so a burst of hundreds of lines a
 * second costs ten messages, and a quiet log sends a line within the interval.
 */
export class LiveLogBatcher {
  private pending: LiveLogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastSent = 0;
  private droppedTotal = 0;

  constructor(private readonly o: LiveLogBatcherOptions) {}

  /** Entries dropped because too many were waiting. */
  get dropped(): number {
    return this.droppedTotal;
  }

  add(entries: readonly LiveLogEntry[]): void {
    this.pending.push(...entries);
    const max = this.o.maxPending ?? 20_000;
    if (this.pending.length > max) {
      this.droppedTotal += this.pending.length - max;
      this.pending.splice(0, this.pending.length - max);
    }
    this.schedule();
  }

  /** Forgets what is waiting and sends nothing more until entries are added again. */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }

  private schedule(): void {
    if (this.timer || this.pending.length === 0) return;
    const interval = this.o.intervalMs ?? 100;
    const wait = Math.max(0, this.lastSent + interval - Date.now());
    this.timer = setTimeout(() => this.sendNow(), wait);
  }

  private sendNow(): void {
    this.timer = undefined;
    const batch = this.pending.splice(0, this.o.maxPerMessage ?? 2000);
    if (batch.length === 0) return;
    this.lastSent = Date.now();
    this.o.send(batch);
    this.schedule();
  }
}
