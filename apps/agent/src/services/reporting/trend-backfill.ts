import type { AgentRecord, ReportingPoint } from '@syrx/contracts/records';
import type { BacnetNetwork } from '../../bacnet/bacnet-network.ts';
import type { Logger } from '../../logger.ts';
import { BackfillState, type BackfillSpan } from './backfill-state.ts';
import type { NetworkSource } from './collector.ts';
import { toRecord, trackPoints, type TrackedPoint } from './reporting-points.ts';
import { TrendLogMap } from './trend-log-map.ts';

export interface TrendBackfillOptions {
  bacnet: NetworkSource;
  logger: Logger;
  /** The controller's data folder: the state is `backfill.json` there. */
  dataDir: string;
  /** Queues records for upload; resolves once they are on disk (then the span's progress is saved). */
  onRecords: (records: AgentRecord[]) => Promise<void>;
  /** Records asked for per ReadRange (default 100); a device answers fewer when they do not fit one reply. */
  chunkSize?: number;
  /** A stop in collection shorter than this is no gap (default 2 min). */
  minGapMs?: number;
  /** After a device did not answer (or the interface was closed), spans are tried again this much later (default 1 min). */
  retryMs?: number;
}

const everyPoint = '*';

/**
 * Backfills gaps in what the reporting service collected from the devices' own trend logs: for each span of a point
 * whose device logs its present-value in a Trend_Log, ReadRange by time in chunks from the span's start, each chunk's
 * records queued for upload marked backfilled (the server stores a point and time once), the span's progress saved
 * after each chunk so that a restart resumes where it stopped. Spans come from a stop of the agent (the time
 * collection last ran, saved every few seconds, to when it starts again) and from the server's requests.
 */
export class TrendBackfill {
  private readonly state: BackfillState;
  private readonly logs: TrendLogMap;
  private points = new Map<number, TrackedPoint>();
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly loaded: Promise<void>;
  /** ReadRange requests sent and records queued, for diagnostics and tests. */
  readonly counts = { requests: 0, records: 0 };

  constructor(private readonly o: TrendBackfillOptions) {
    this.state = new BackfillState(o.dataDir);
    this.logs = new TrendLogMap(o.logger);
    this.loaded = this.state.load();
  }

  /**
   * Starts: a stop of collection longer than minGapMs before now (the saved mark) becomes a span of every point, read
   * once the configuration names them.
   */
  async start(now = Date.now()): Promise<void> {
    await this.loaded;
    const until = this.state.data.collectingUntil;
    if (until !== null && now - until >= (this.o.minGapMs ?? 120_000)) {
      this.o.logger.info({ from: new Date(until).toISOString(), to: new Date(now).toISOString() }, 'backfill: collection stopped for a while; backfilling the gap');
      this.state.add(everyPoint, { after: until, to: now });
    }
    await this.mark(now);
  }

  /** Saves the time collection ran until (called every few seconds while it runs). */
  async mark(now = Date.now()): Promise<void> {
    await this.loaded;
    this.state.data.collectingUntil = now;
    await this.state.save();
  }

  /** The configured points; spans of points not (or no longer) configured wait until they are. */
  setPoints(points: readonly ReportingPoint[]): void {
    this.points = new Map([...trackPoints(points, this.o.logger).values()].map((p) => [p.point.id, p]));
    this.kick();
  }

  /** Backfills the span for the points named (all configured ones when none are); the number of points it covers. */
  async request(pointIds: readonly number[] | undefined, span: BackfillSpan): Promise<number> {
    await this.loaded;
    if (!pointIds) this.state.add(everyPoint, span);
    else for (const id of pointIds) this.state.add(String(id), span);
    await this.state.save();
    this.kick();
    return pointIds ? pointIds.filter((id) => this.points.has(id)).length : this.points.size;
  }

  /** Resolves once nothing is being backfilled (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  pendingSpans(): number {
    return Object.values(this.state.data.pending).reduce((n, spans) => n + spans.length, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.running;
    await this.state.save();
  }

  private retryLater(): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.kick(), this.o.retryMs ?? 60_000).unref();
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async run(): Promise<void> {
    await this.loaded;
    const net = await this.o.bacnet.network().catch(() => null);
    if (this.points.size === 0) return;
    if (!net) return this.retryLater();
    // Every point's span first becomes each configured point's own.
    const all = this.state.data.pending[everyPoint];
    if (all) {
      delete this.state.data.pending[everyPoint];
      for (const id of this.points.keys()) for (const span of all) this.state.add(String(id), span);
      await this.state.save();
    }
    for (const [key, spans] of Object.entries(this.state.data.pending)) {
      const p = this.points.get(Number(key));
      if (!p || this.stopped) continue;
      try {
        const log = await this.logs.logOf(net, p);
        while (!this.stopped && spans.length > 0) {
          if (log) await this.backfillSpan(net, p, log, spans[0]!);
          else spans.length = 0;
          if (!this.stopped) spans.shift();
        }
        // A request meanwhile replaced the list (merged): keep that one.
        if (spans.length === 0 && this.state.data.pending[key] === spans) delete this.state.data.pending[key];
        await this.state.save();
      } catch (err) {
        this.o.logger.warn({ pointId: p.point.id, err: String(err) }, 'backfill: the device did not give its trend log; trying again later');
        this.retryLater();
      }
    }
  }

  /** Reads one span in chunks; the span's `after` moves on with each chunk queued (and saved). */
  private async backfillSpan(net: BacnetNetwork, p: TrackedPoint, log: { type: number; instance: number }, span: BackfillSpan): Promise<void> {
    const count = this.o.chunkSize ?? 100;
    while (!this.stopped && span.after < span.to) {
      this.counts.requests++;
      const answer = await net.readRangeByTime(p.receiver, log, span.after, count);
      const inSpan = answer.records.filter((r) => r.time > span.after && r.time <= span.to);
      const records = inSpan.map((r) => toRecord(p.point.id, r.time, r.value)).filter((r): r is AgentRecord => r !== null).map((r): AgentRecord => [r[0], r[1], r[2], 1]);
      if (records.length > 0) await this.o.onRecords(records);
      this.counts.records += records.length;
      const last = answer.records.at(-1)?.time;
      // Done: nothing newer, the span's end passed, or the buffer's newest record given.
      if (last === undefined || last <= span.after || last >= span.to || (answer.last && !answer.more)) return;
      span.after = last;
      await this.state.save();
    }
  }
}
