import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, customType, doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { jobLogLevels, jobStatuses, jobTypes } from '@syrx/contracts/jobs';
import { users } from './users.ts';
import { at, writtenAt } from './columns.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Background jobs (docs/jobs.md). A worker claims a queued job with FOR UPDATE SKIP LOCKED and holds it by a lease it
 * renews while it runs (locked_by, lease_expires_at); a job whose lease expired is put back in the queue, so a worker
 * that died mid-way loses nothing: each job type's steps are idempotent and keep their progress in `state`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    parentJobId: bigint('parent_job_id', { mode: 'number' }).references((): AnyPgColumn => jobs.id, { onDelete: 'cascade' }),
    siblingJobExecutionOrderIndex: integer('sibling_job_execution_order_index').notNull().default(0),
    jobType: text('job_type', { enum: jobTypes }).notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    progress: doublePrecision('progress').notNull().default(0),
    priority: integer('priority').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdTime: writtenAt('created_time'),
    queuedTime: at('queued_time'),
    runStartedTime: at('run_started_time'),
    runFinishedTime: at('run_finished_time'),
    finishedTime: at('finished_time'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** What the job has done so far (a cursor, counts): read back when a job is resumed after its worker died. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    errorMessage: text('error_message'),
    lockedBy: text('locked_by'),
    leaseExpiresAt: at('lease_expires_at'),
  },
  (t) => [
    check('jobs_progress_check', sql`${t.progress} >= 0 and ${t.progress} <= 100`),
    // The claim: queued jobs by priority and age.
    index('jobs_queued_idx').on(t.priority.desc(), t.queuedTime, t.id).where(sql`${t.status} = 'queued'`),
    index('jobs_running_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} = 'running'`),
    index('jobs_parent_idx').on(t.parentJobId, t.siblingJobExecutionOrderIndex),
    index('jobs_created_idx').on(t.createdTime.desc(), t.id.desc()),
    index('jobs_type_created_idx').on(t.jobType, t.createdTime.desc()),
  ],
);

/**
 * Hierarchical job logs. An entry belongs to one job; its children may belong to a child job (a parent job's entry for
 * a step holds the step job's entries), so a job's log tree shows everything its steps did.
 */
export const jobLogs = pgTable(
  'job_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: bigint('job_id', { mode: 'number' }).notNull().references(() => jobs.id, { onDelete: 'cascade' }),
    parentLogId: bigint('parent_log_id', { mode: 'number' }).references((): AnyPgColumn => jobLogs.id, { onDelete: 'cascade' }),
    ts: at('ts').notNull().default(sql`clock_timestamp()`),
    level: text('level', { enum: jobLogLevels }).notNull(),
    message: text('message').notNull(),
    errorMessage: text('error_message'),
  },
  (t) => [index('job_logs_job_parent_idx').on(t.jobId, t.parentLogId, t.id), index('job_logs_parent_idx').on(t.parentLogId, t.id)],
);

/** A file a job reads (a CSV upload), deleted with its job. */
export const jobFiles = pgTable('job_files', {
  jobId: bigint('job_id', { mode: 'number' }).primaryKey().references(() => jobs.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: writtenAt('created_at'),
});
