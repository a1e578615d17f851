import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobType } from '@syrx/contracts/jobs';
import type { Db } from '../../db/client.ts';
import { createJobContext } from './job-context.ts';
import { type JobHandler, JobInterrupted, JobLeaseLost } from './job-handler.ts';
import { afterRun, fail, succeed } from './job-outcomes.ts';
import { type ClaimedRow, jobQueueRepo as repo } from './job-queue.repo.ts';

type LogFn = (obj: object, msg: string) => void;
export interface WorkerLog { debug: LogFn; info: LogFn; warn: LogFn; error: LogFn }

export interface JobWorkerOptions {
  db: Db;
  log: WorkerLog;
  /** How often it looks for work and for jobs of dead workers (default 1 s). */
  pollMs?: number;
  /** How long a claimed job stays this worker's without renewal (default 30 s), and how often it renews (10 s). */
  leaseMs?: number;
  renewMs?: number;
  /** Jobs run at once (default 1). */
  concurrency?: number;
  /** A job started more often than this fails (default 5). */
  maxAttempts?: number;
  id?: string;
}

/**
 * The background job worker (docs/jobs.md): handlers by job type; a poll loop that puts back jobs of dead workers and
 * claims runnable jobs (FOR UPDATE SKIP LOCKED) up to its concurrency; a lease renewed for the jobs it holds. It holds
 * no connection while idle: every poll is a few short statements.
 */
export class JobWorker {
  readonly id: string;
  private readonly db: Db;
  private readonly log: WorkerLog;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly renewMs: number;
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  private readonly handlers = new Map<JobType, JobHandler>();
  /** Jobs this worker holds, with the controller that aborts their handler. */
  private readonly held = new Map<number, AbortController>();
  private readonly running = new Set<Promise<void>>();
  private pollTimer: NodeJS.Timeout | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private renewing: Promise<void> | null = null;
  private again = false;
  private lastReclaim = 0;
  private started = false;
  private stopping = false;

  constructor(o: JobWorkerOptions) {
    this.db = o.db;
    this.log = o.log;
    this.pollMs = o.pollMs ?? 1000;
    this.leaseMs = o.leaseMs ?? 30_000;
    this.renewMs = o.renewMs ?? 10_000;
    this.concurrency = o.concurrency ?? 1;
    this.maxAttempts = o.maxAttempts ?? 5;
    this.id = o.id ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  /** Adds the handler of a job type; a second one for the same type is an error unless `replace` (tests, worker roles). */
  register(handler: JobHandler, opts: { replace?: boolean } = {}): void {
    if (this.handlers.has(handler.jobType) && !opts.replace) throw new Error(`A handler for job type ${handler.jobType} is already registered`);
    this.handlers.set(handler.jobType, handler);
    this.wake();
  }

  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.renewTimer = setInterval(() => {
      this.renewing ??= this.renewLeases().finally(() => {
        this.renewing = null;
      });
    }, this.renewMs);
    this.schedule(0);
    this.log.info({ worker: this.id, concurrency: this.concurrency, handlers: [...this.handlers.keys()] }, 'job worker started');
  }

  /** Looks for work now (a job was created in this process, or a slot came free). */
  wake(): void {
    if (!this.started || this.stopping) return;
    if (this.ticking) this.again = true;
    else this.schedule(0);
  }

  /**
   * Stops: no more claims; running handlers are aborted (their next step() throws JobInterrupted) and awaited, and their
   * jobs are put back in the queue at once, so a restarted server resumes them from their last committed step.
   */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearTimeout(this.pollTimer);
    clearInterval(this.renewTimer);
    for (const [id, ac] of this.held) ac.abort(new JobInterrupted(id));
    await Promise.all([this.ticking, this.renewing]);
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private schedule(delay: number): void {
    clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => {
      this.ticking = this.tick().finally(() => {
        this.ticking = null;
        if (!this.stopping) this.schedule(this.again ? 0 : this.pollMs);
        this.again = false;
      });
    }, delay);
  }

  private async tick(): Promise<void> {
    try {
      if (Date.now() - this.lastReclaim >= this.pollMs) {
        this.lastReclaim = Date.now();
        const n = await repo.reclaimExpired(this.db);
        if (n > 0) this.log.warn({ worker: this.id, jobs: n }, 'put back jobs whose worker stopped (lease expired)');
      }
      const types = [...this.handlers.keys()];
      while (types.length > 0 && !this.stopping && this.running.size < this.concurrency) {
        const row = await repo.claim(this.db, this.id, types, this.leaseMs);
        if (!row) break;
        this.launch(row);
      }
    } catch (err) {
      this.log.error({ err, worker: this.id }, 'job worker poll failed');
    }
  }

  private launch(row: ClaimedRow): void {
    const p: Promise<void> = this.work(row)
      .catch((err: unknown) => this.log.error({ err, job: row.id }, 'job worker failed to record a job outcome'))
      .finally(() => {
        this.running.delete(p);
        this.wake();
      });
    this.running.add(p);
  }

  /** Runs a claimed job, then (same slot) any parent its end lets this worker finish. */
  private async work(first: ClaimedRow): Promise<void> {
    let row: ClaimedRow | null = first;
    let finishing = false;
    while (row) {
      row = await this.workOne(row, finishing);
      finishing = true;
    }
  }

  private async workOne(row: ClaimedRow, finishing: boolean): Promise<ClaimedRow | null> {
    const ac = new AbortController();
    this.held.set(row.id, ac);
    const { db, id: workerId, leaseMs } = this;
    try {
      if (this.stopping) ac.abort(new JobInterrupted(row.id));
      const handler = this.handlers.get(row.jobType);
      if (!handler || ac.signal.aborted) {
        // A parent whose type this worker cannot finish, or a claim that raced stop(): a worker that can will take it.
        await repo.putBack(db, [row.id], workerId);
        return null;
      }
      if (row.attempts > this.maxAttempts) {
        const message = `Stopped after ${this.maxAttempts} attempts: the job's worker stopped every time it ran it.`;
        await db.transaction((tx) => fail(tx, row, workerId, message));
        this.log.warn({ job: row.id, attempts: row.attempts }, 'job failed: too many attempts');
        return null;
      }
      const ctx = createJobContext({ db, workerId, leaseMs }, row, ac.signal);
      this.log.debug({ job: row.id, type: row.jobType, attempt: row.attempts, finishing }, 'job started');
      if (!finishing) {
        await handler.run(ctx);
        if (ac.signal.aborted) throw ac.signal.reason;
        const after = await db.transaction((tx) => afterRun(tx, row, workerId, leaseMs));
        if (after.kind !== 'finish-parent') return after.kind === 'succeeded' ? after.next : null;
      }
      await handler.afterChildren?.(ctx);
      if (ac.signal.aborted) throw ac.signal.reason;
      return await db.transaction((tx) => succeed(tx, row, workerId, leaseMs));
    } catch (err) {
      return this.onError(row, ac.signal, err);
    } finally {
      this.held.delete(row.id);
    }
  }

  private async onError(row: ClaimedRow, signal: AbortSignal, err: unknown): Promise<null> {
    const reason: unknown = signal.aborted ? signal.reason : err;
    if (reason instanceof JobInterrupted || err instanceof JobInterrupted) {
      await repo.putBack(this.db, [row.id], this.id);
      this.log.info({ job: row.id }, 'job interrupted: put back in the queue');
    } else if (reason instanceof JobLeaseLost || err instanceof JobLeaseLost) {
      this.log.warn({ job: row.id }, 'job lease lost: another worker may run it');
    } else {
      const text = err instanceof Error ? err.message : String(err);
      const message = (text.split('\n')[0] ?? '').slice(0, 500) || 'The job failed.';
      this.log.warn({ err, job: row.id, type: row.jobType }, 'job failed');
      await this.db.transaction((tx) => fail(tx, row, this.id, message, text.slice(0, 10_000)));
    }
    return null;
  }

  private async renewLeases(): Promise<void> {
    const ids = [...this.held.keys()];
    if (ids.length === 0) return;
    try {
      const still = await repo.renew(this.db, this.id, ids, this.leaseMs);
      for (const id of ids) if (!still.has(id)) this.held.get(id)?.abort(new JobLeaseLost(id));
    } catch (err) {
      this.log.error({ err, worker: this.id }, 'job lease renewal failed');
    }
  }
}
