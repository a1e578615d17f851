import type { JobLogLevel, JobType } from '@syrx/contracts/jobs';
import type { Db } from '../../db/client.ts';

/** The transaction a handler's step runs in (the `tx` of `db.transaction`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A running job as its handler sees it. */
export interface RunningJob {
  id: number;
  parentJobId: number | null;
  jobType: JobType;
  params: Record<string, unknown>;
  /** What earlier attempts committed (empty on the first run): resume from here. */
  state: Record<string, unknown>;
  /** 1 on the first run; more after a worker died or the job was put back. */
  attempts: number;
  userId: number | null;
}

/** A child job a parent handler asks for; they run in the order given (sibling_job_execution_order_index). */
export interface ChildJobSpec {
  jobType: JobType;
  params: Record<string, unknown>;
  /** The parent's log entry under which the child's top-level entries hang (its message). */
  logMessage: string;
}

export interface JobContext {
  job: RunningJob;
  db: Db;
  /**
   * Runs one step in a transaction that also saves the job's new state and progress (0–100) — commit both or neither,
   * so a job resumed after a crash continues from the last committed step. Fails with JobLeaseLost if the worker no
   * longer holds the job (its lease expired and another worker took it): the handler must then stop.
   */
  step<T>(work: (tx: Tx) => Promise<{ result: T; state: Record<string, unknown>; progress: number }>): Promise<T>;
  /**
   * Adds a log entry (under `parentLogId`, or the job's own top level); returns its id. Called inside a step's work it
   * is written in that step's transaction (kept or undone with the step).
   */
  log(level: JobLogLevel, message: string, options?: { errorMessage?: string; parentLogId?: number | null }): Promise<number>;
  /**
   * Parent jobs: creates the children once (a resumed parent that already has them creates nothing), each under a log
   * entry of the parent (its logMessage). They start once `run` has returned, one after another.
   */
  createChildren(children: ChildJobSpec[]): Promise<void>;
  /**
   * Aborted when the worker stops (shutdown: reason JobInterrupted) or loses the lease (reason JobLeaseLost): stop at the
   * next step boundary. step() itself throws the reason once the signal is aborted.
   */
  signal: AbortSignal;
}

/**
 * One job type's work. `run` returns when the job's own work is done; a job that created children is finished when
 * its last child finishes (the worker does that). Throwing fails the job with the error's message (logged).
 */
export interface JobHandler {
  jobType: JobType;
  run(ctx: JobContext): Promise<void>;
  /** After the last child succeeded (parents only): final work such as a summary log entry. */
  afterChildren?(ctx: JobContext): Promise<void>;
}

export class JobLeaseLost extends Error {
  constructor(jobId: number) {
    super(`Job ${jobId} is no longer held by this worker`);
    this.name = 'JobLeaseLost';
  }
}

/** Thrown by step() after the worker began to stop: the job goes back to the queue and resumes from its last step. */
export class JobInterrupted extends Error {
  constructor(jobId: number) {
    super(`Job ${jobId} was interrupted: the worker is stopping`);
    this.name = 'JobInterrupted';
  }
}
