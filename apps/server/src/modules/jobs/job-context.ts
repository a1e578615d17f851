import type { JobLogLevel } from '@syrx/contracts/jobs';
import type { Db } from '../../db/client.ts';
import { type ChildJobSpec, type JobContext, JobLeaseLost, type RunningJob, type Tx } from './job-handler.ts';
import { type ClaimedRow, jobQueueRepo as repo, parentLogKey } from './job-queue.repo.ts';
import { topLogOf } from './job-outcomes.ts';

export interface ContextDeps {
  db: Db;
  workerId: string;
  leaseMs: number;
}

const clampProgress = (p: number) => (Number.isFinite(p) ? Math.min(100, Math.max(0, p)) : 0);

/**
 * The JobContext of a job this worker holds. A step is one transaction: the handler's work, then the job's state and
 * progress, saved only while this worker still holds the job (else JobLeaseLost, and the work is rolled back). While a
 * step runs, log() and createChildren() use its transaction: on PGlite's single connection the outer db would wait
 * for ever.
 */
export function createJobContext(deps: ContextDeps, row: ClaimedRow, signal: AbortSignal): JobContext {
  const { db, workerId, leaseMs } = deps;
  const topLog = topLogOf(row);
  const { [parentLogKey]: _hidden, ...handlerState } = row.state;
  const job: RunningJob = {
    id: row.id, parentJobId: row.parentJobId, jobType: row.jobType, params: row.params, state: handlerState, attempts: row.attempts, userId: row.userId,
  };
  let stepTx: Tx | null = null;
  const inTx = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => (stepTx ? fn(stepTx) : db.transaction(fn));

  return {
    job,
    db,
    signal,

    async step(work) {
      if (signal.aborted) throw signal.reason;
      const out = await db.transaction(async (tx) => {
        stepTx = tx;
        try {
          const done = await work(tx);
          const state = topLog === null ? done.state : { ...done.state, [parentLogKey]: topLog };
          if (!(await repo.saveStep(tx, row.id, workerId, state, clampProgress(done.progress), leaseMs))) throw new JobLeaseLost(row.id);
          if (row.parentJobId !== null) await repo.updateParentProgress(tx, row.parentJobId);
          return done;
        } finally {
          stepTx = null;
        }
      });
      job.state = out.state;
      return out.result;
    },

    async log(level: JobLogLevel, message: string, options: { errorMessage?: string; parentLogId?: number | null } = {}) {
      return repo.insertLog(stepTx ?? db, row.id, options.parentLogId ?? topLog, level, message, options.errorMessage ?? null);
    },

    async createChildren(children: ChildJobSpec[]) {
      await inTx(async (tx) => {
        if (!(await repo.lockHeld(tx, row.id, workerId))) throw new JobLeaseLost(row.id);
        if (await repo.hasChildren(tx, row.id)) return;
        await repo.insertChildren(tx, row, topLog, children);
      });
    },
  };
}
