import { sql } from 'drizzle-orm';
import type { JobLogLevel, JobType } from '@syrx/contracts/jobs';
import type { DbOrTx } from '../../db/client.ts';
import type { ChildJobSpec } from './job-handler.ts';

/**
 * The key in a child job's `state` that holds its parent's log entry for the step (the child's top-level entries hang
 * under it). The worker keeps it out of what handlers see and puts it back on every save.
 */
export const parentLogKey = '_parentLogId';

/** A job as the worker holds it. */
export interface ClaimedRow {
  id: number;
  parentJobId: number | null;
  siblingIndex: number;
  jobType: JobType;
  params: Record<string, unknown>;
  state: Record<string, unknown>;
  attempts: number;
  userId: number | null;
  priority: number;
}

const leaseUntil = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;
const returning = sql`returning id, parent_job_id, sibling_job_execution_order_index, job_type, params, state, attempts, user_id, priority`;

function rowOf(r: Record<string, unknown> | undefined): ClaimedRow | null {
  if (!r) return null;
  return {
    id: Number(r.id), parentJobId: r.parent_job_id === null ? null : Number(r.parent_job_id),
    siblingIndex: Number(r.sibling_job_execution_order_index), jobType: r.job_type as JobType,
    params: (r.params ?? {}) as Record<string, unknown>, state: (r.state ?? {}) as Record<string, unknown>,
    attempts: Number(r.attempts), userId: r.user_id === null ? null : Number(r.user_id), priority: Number(r.priority),
  };
}

export interface LockedParent extends Pick<ClaimedRow, 'id' | 'parentJobId' | 'siblingIndex' | 'jobType' | 'state'> {
  status: string;
  /** A worker holds it (its handler runs, or it is being finished). */
  held: boolean;
}

export type ChildCounts = { total: number; unfinished: number; failed: number; cancelled: number };

/** The worker's SQL (docs/jobs.md, "Worker"). Every change to a held job checks `locked_by`: 0 rows = lease lost. */
export const jobQueueRepo = {
  /**
   * Claims the next runnable job of the given types: a queued top-level job, or a queued child whose parent is running
   * and waiting for its children (no worker holds it) and whose earlier siblings all succeeded.
   */
  async claim(db: DbOrTx, workerId: string, types: readonly JobType[], leaseMs: number): Promise<ClaimedRow | null> {
    const res = await db.execute<Record<string, unknown>>(sql`
      update jobs set status = 'running', locked_by = ${workerId}, lease_expires_at = ${leaseUntil(leaseMs)},
        attempts = attempts + 1, run_started_time = coalesce(run_started_time, now())
      where id = (
        select j.id from jobs j
        where j.status = 'queued' and j.job_type = any(${sql.param([...types])}::text[]) and (j.parent_job_id is null or (
          exists (select 1 from jobs p where p.id = j.parent_job_id and p.status = 'running' and p.locked_by is null)
          and not exists (select 1 from jobs s where s.parent_job_id = j.parent_job_id
            and s.sibling_job_execution_order_index < j.sibling_job_execution_order_index and s.status <> 'succeeded')))
        order by j.priority desc, j.queued_time, j.id
        limit 1 for update skip locked)
      ${returning}`);
    return rowOf(res.rows[0]);
  },

  /** Puts back running jobs whose lease expired (their worker died), with a WARN entry each; how many. */
  async reclaimExpired(db: DbOrTx): Promise<number> {
    const res = await db.execute<{ id: number }>(sql`
      with back as (
        update jobs set status = 'queued', locked_by = null, lease_expires_at = null
        where id in (select id from jobs where status = 'running' and lease_expires_at < now() for update skip locked)
        returning id, attempts, state)
      insert into job_logs (job_id, parent_log_id, level, message)
      select id, (state ->> ${parentLogKey})::bigint, 'WARN', 'The worker running this job stopped (attempt ' || attempts || '); the job was put back in the queue.'
      from back returning job_id as id`);
    return res.rows.length;
  },

  /** Extends the lease of the jobs this worker holds; the ids it still holds. */
  async renew(db: DbOrTx, workerId: string, ids: number[], leaseMs: number): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const res = await db.execute<{ id: number }>(sql`
      update jobs set lease_expires_at = ${leaseUntil(leaseMs)}
      where id = any(${sql.param(ids)}::bigint[]) and locked_by = ${workerId} returning id`);
    return new Set(res.rows.map((r) => Number(r.id)));
  },

  /** A step's commit: the new state and progress (and a fresh lease), only while this worker holds the job. */
  async saveStep(tx: DbOrTx, id: number, workerId: string, state: Record<string, unknown>, progress: number, leaseMs: number): Promise<boolean> {
    const res = await tx.execute(sql`
      update jobs set state = ${JSON.stringify(state)}::jsonb, progress = ${progress}, lease_expires_at = ${leaseUntil(leaseMs)}
      where id = ${id} and locked_by = ${workerId} and status = 'running' returning id`);
    return res.rows.length === 1;
  },

  /** The job, locked for this transaction, if this worker holds it. */
  async lockHeld(tx: DbOrTx, id: number, workerId: string): Promise<boolean> {
    const res = await tx.execute(sql`select id from jobs where id = ${id} and locked_by = ${workerId} and status = 'running' for update`);
    return res.rows.length === 1;
  },

  /** A parent's row, locked for this transaction. */
  async lockParent(tx: DbOrTx, id: number): Promise<LockedParent | null> {
    const res = await tx.execute<Record<string, unknown>>(sql`
      select status, locked_by, parent_job_id, sibling_job_execution_order_index, job_type, state from jobs where id = ${id} for update`);
    const r = res.rows[0];
    if (!r) return null;
    return {
      id, status: r.status as string, held: r.locked_by !== null, parentJobId: r.parent_job_id === null ? null : Number(r.parent_job_id),
      siblingIndex: Number(r.sibling_job_execution_order_index), jobType: r.job_type as JobType, state: (r.state ?? {}) as Record<string, unknown>,
    };
  },

  async childCounts(tx: DbOrTx, id: number): Promise<ChildCounts> {
    const res = await tx.execute<ChildCounts>(sql`
      select count(*)::int as total, (count(*) filter (where status not in ('succeeded', 'failed', 'cancelled')))::int as unfinished,
        (count(*) filter (where status = 'failed'))::int as failed, (count(*) filter (where status = 'cancelled'))::int as cancelled
      from jobs where parent_job_id = ${id}`);
    return res.rows[0] ?? { total: 0, unfinished: 0, failed: 0, cancelled: 0 };
  },

  /** A parent's progress: the mean of its children's. */
  async updateParentProgress(tx: DbOrTx, id: number): Promise<void> {
    await tx.execute(sql`
      update jobs set progress = coalesce((select avg(progress) from jobs where parent_job_id = ${id}), progress)
      where id = ${id} and status = 'running'`);
  },

  /** The parent's handler returned and children remain: it waits, held by no worker, until its last child finishes. */
  async releaseToChildren(tx: DbOrTx, id: number): Promise<void> {
    await tx.execute(sql`
      update jobs set locked_by = null, lease_expires_at = null, run_finished_time = now(),
        progress = coalesce((select avg(progress) from jobs where parent_job_id = ${id}), progress)
      where id = ${id}`);
  },

  /** The worker that finished a waiting parent's last child takes the parent to finish it. */
  async take(tx: DbOrTx, id: number, workerId: string, leaseMs: number): Promise<ClaimedRow | null> {
    const res = await tx.execute<Record<string, unknown>>(sql`
      update jobs set locked_by = ${workerId}, lease_expires_at = ${leaseUntil(leaseMs)} where id = ${id} and locked_by is null ${returning}`);
    return rowOf(res.rows[0]);
  },

  async succeed(tx: DbOrTx, id: number, workerId: string): Promise<boolean> {
    const res = await tx.execute(sql`
      update jobs set status = 'succeeded', progress = 100, run_finished_time = coalesce(run_finished_time, now()), finished_time = now(),
        locked_by = null, lease_expires_at = null, error_message = null
      where id = ${id} and locked_by = ${workerId} and status = 'running' returning id`);
    return res.rows.length === 1;
  },

  /** Fails a job (held by this worker when workerId is given; any running job otherwise, for propagation). */
  async fail(tx: DbOrTx, id: number, workerId: string | null, message: string): Promise<boolean> {
    const res = await tx.execute(sql`
      update jobs set status = 'failed', error_message = ${message}, run_finished_time = coalesce(run_finished_time, now()), finished_time = now(),
        locked_by = null, lease_expires_at = null
      where id = ${id} and status in ('queued', 'running') and ${workerId === null ? sql`true` : sql`locked_by = ${workerId}`} returning id`);
    return res.rows.length === 1;
  },

  /** Cancels the queued descendants of a job (they will not run); how many. */
  async cancelQueuedDescendants(tx: DbOrTx, id: number): Promise<number> {
    const res = await tx.execute(sql`
      with recursive tree(id) as (select id from jobs where parent_job_id = ${id} union all select j.id from jobs j join tree t on j.parent_job_id = t.id)
      update jobs set status = 'cancelled', finished_time = now() where id in (select id from tree) and status = 'queued' returning id`);
    return res.rows.length;
  },

  /** Puts jobs back in the queue (graceful stop); their start does not count as an attempt. */
  async putBack(db: DbOrTx, ids: number[], workerId: string): Promise<void> {
    if (ids.length === 0) return;
    await db.execute(sql`
      update jobs set status = 'queued', locked_by = null, lease_expires_at = null, attempts = greatest(attempts - 1, 0)
      where id = any(${sql.param(ids)}::bigint[]) and locked_by = ${workerId} and status = 'running'`);
  },

  async hasChildren(tx: DbOrTx, id: number): Promise<boolean> {
    const res = await tx.execute(sql`select 1 from jobs where parent_job_id = ${id} limit 1`);
    return res.rows.length > 0;
  },

  /** The children of a parent, in the order given, each under a log entry of the parent; they inherit user and priority. */
  async insertChildren(tx: DbOrTx, parent: Pick<ClaimedRow, 'id' | 'userId' | 'priority'>, parentTopLogId: number | null, children: ChildJobSpec[]): Promise<void> {
    for (const [i, c] of children.entries()) {
      const logId = await jobQueueRepo.insertLog(tx, parent.id, parentTopLogId, 'INFO', c.logMessage, null);
      await tx.execute(sql`
        insert into jobs (parent_job_id, sibling_job_execution_order_index, job_type, params, user_id, priority, status, queued_time, state)
        values (${parent.id}, ${i}, ${c.jobType}, ${JSON.stringify(c.params)}::jsonb, ${parent.userId}, ${parent.priority}, 'queued', now(),
          ${JSON.stringify({ [parentLogKey]: logId })}::jsonb)`);
    }
  },

  async insertLog(db: DbOrTx, jobId: number, parentLogId: number | null, level: JobLogLevel, message: string, errorMessage: string | null): Promise<number> {
    const res = await db.execute<{ id: string }>(sql`
      insert into job_logs (job_id, parent_log_id, level, message, error_message)
      values (${jobId}, ${parentLogId}, ${level}, ${message}, ${errorMessage}) returning id`);
    return Number(res.rows[0]?.id);
  },
};
