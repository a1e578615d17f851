import { AppError } from '@syrx/contracts/errors';
import type { Job, JobLog, JobsQuery, JobType, Page } from '@syrx/contracts/jobs';
import type { Db, DbOrTx } from '../../db/client.ts';
import { gridPage } from '../../lib/grid-sql.ts';
import type { Actor } from '../../security/actor.ts';
import { type JobScope, jobsRepo } from './jobs.repo.ts';

// What other modules use of the job system, importable through this file (modules import each other only by service).
export type { ChildJobSpec, JobContext, JobHandler, RunningJob, Tx } from './job-handler.ts';
export { JobInterrupted, JobLeaseLost } from './job-handler.ts';
export type { JobWorker } from './job-worker.ts';

/** Permissions that see every job; the one that sees the move jobs, and their types (docs/jobs.md). */
export const allJobsPermissions = ['nightly_process_logs_view', 'pcs_admin'] as const;
export const moveJobsPermission = 'move_vendor_point_records';
export const moveJobTypes: readonly JobType[] = ['vendor_point_record_move', 'point_record_copy', 'point_record_delete_source', 'equipment_point_remap'];

export interface NewJob {
  jobType: JobType;
  params: Record<string, unknown>;
  /** Who asked for it (they may read it); null for the system's own jobs. */
  userId: number | null;
  /** Higher runs first (default 0). */
  priority?: number;
}

const notFound = () => new AppError('not_found', 404, 'Job not found');

/** Which jobs an actor may read. */
export function jobScopeOf(actor: Actor): JobScope {
  if (allJobsPermissions.some((p) => actor.permissions.has(p))) return { all: true };
  return { userId: actor.userId, types: actor.permissions.has(moveJobsPermission) ? moveJobTypes : [] };
}

/**
 * Background jobs: creating them (other modules) and reading them (GET /api/v2/jobs…). `onQueued` wakes this process's
 * worker so a new job starts at once rather than at the next poll.
 */
export function createJobsService(db: Db, opts: { onQueued?: () => void } = {}) {
  const wake = () => opts.onQueued?.();

  async function visible(actor: Actor, id: number): Promise<Job> {
    const job = await jobsRepo.find(db, jobScopeOf(actor), id);
    if (!job) throw notFound();
    return job;
  }

  return {
    /**
     * Queues a job; returns its id. Inside a caller's transaction (`tx`) the worker is not woken (it could not see the
     * job yet): call wake() after the commit, or let the next poll find it.
     */
    async create(job: NewJob, tx?: DbOrTx): Promise<number> {
      const id = await jobsRepo.insert(tx ?? db, { jobType: job.jobType, params: job.params, userId: job.userId, priority: job.priority ?? 0 });
      if (!tx) wake();
      return id;
    },

    /** How many jobs wait for a worker (the /metrics queue depth). */
    queuedCount: () => jobsRepo.queuedCount(db),

    /** Tells this process's worker that jobs were queued (after committing a transaction that created them). */
    wake,

    /** A page of the jobs the actor may see (top-level only unless includeChildren), newest first by default. */
    async list(actor: Actor, q: JobsQuery): Promise<Page<Job>> {
      const scope = jobScopeOf(actor);
      const query = { filters: q.filter, sort: q.sort, includeChildren: q.includeChildren === 'true' };
      return gridPage(q, (page) => jobsRepo.list(db, scope, query, page), () => jobsRepo.count(db, scope, query));
    },

    /** One job; 404 'Job not found' when it does not exist or the actor may not see it. */
    get: visible,

    async childJobs(actor: Actor, id: number): Promise<Job[]> {
      await visible(actor, id);
      return jobsRepo.children(db, id);
    },

    async logs(actor: Actor, id: number, parentLogId: 'null' | number): Promise<JobLog[]> {
      await visible(actor, id);
      return jobsRepo.logs(db, id, parentLogId === 'null' ? null : parentLogId);
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
