import { type ChildProcess, fork } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { JobStatus } from '@syrx/contracts/jobs';
import type { Db } from '../db/client.ts';
import type { JobHandler } from '../modules/jobs/job-handler.ts';
import { JobWorker, type JobWorkerOptions } from '../modules/jobs/job-worker.ts';
import { createJobsService } from '../modules/jobs/jobs.service.ts';
import { until } from './bacnet-helpers.ts';
import { createCountingTable } from './counting-job-handler.ts';
import type { Cleanups, TestApp, TestApps } from './test-app.ts';

/** A job row as the worker leaves it (the worker's own columns included). */
export type JobRow = {
  id: number;
  parent_job_id: number | null;
  status: JobStatus;
  progress: number;
  attempts: number;
  state: Record<string, unknown>;
  locked_by: string | null;
  lease_expires_at: string | null;
  error_message: string | null;
  run_started_time: string | null;
  run_finished_time: string | null;
  finished_time: string | null;
};

export async function jobRow(db: Db, id: number): Promise<JobRow> {
  const r = await db.execute<JobRow>(sql`select id::int, parent_job_id::int, status, progress, attempts, state, locked_by, lease_expires_at::text,
    error_message, run_started_time::text, run_finished_time::text, finished_time::text from jobs where id = ${id}`);
  const row = r.rows[0];
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

export async function childRows(db: Db, parentId: number): Promise<JobRow[]> {
  const r = await db.execute<{ id: number }>(sql`select id::int from jobs where parent_job_id = ${parentId} order by sibling_job_execution_order_index`);
  return Promise.all(r.rows.map((c) => jobRow(db, c.id)));
}

export async function untilStatus(db: Db, id: number, statuses: JobStatus[], ms = 15_000): Promise<JobRow> {
  await until(async () => statuses.includes((await jobRow(db, id)).status), ms, `job ${id} ${statuses.join('|')}`);
  return jobRow(db, id);
}

/** The test's server with the counting job's table (counting-job-handler.ts), and the jobs service on its database. */
export async function countingServer(apps: TestApps): Promise<{ t: TestApp; jobs: ReturnType<typeof createJobsService> }> {
  const t = await apps.start();
  await createCountingTable(t.db);
  return { t, jobs: createJobsService(t.db) };
}

/** A worker's log that keeps what it reports, so a test can show that nothing went wrong. */
export function recordingLog() {
  const entries: { level: string; msg: string; obj: object }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void entries.push({ level, msg, obj });
  return { entries, log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

/** Starts a worker with these handlers (fast polling, short lease), stopped after the test. */
export function startWorker(apps: Cleanups, db: Db, handlers: JobHandler[], opts: Partial<JobWorkerOptions> = {}): JobWorker {
  const worker = new JobWorker({ db, log: recordingLog().log, pollMs: 50, leaseMs: 5000, renewMs: 1000, ...opts });
  for (const h of handlers) worker.register(h);
  worker.start();
  apps.defer(() => worker.stop());
  return worker;
}

/**
 * The server's job worker in a process of its own (the jobs module's entry, with the standard handlers or those of the
 * module `handlers` names), as a second server instance runs it; killed after the test if it still runs.
 */
export async function workerProcess(apps: Cleanups, handlers?: string): Promise<{ child: ChildProcess; workerId: string; exited: Promise<void> }> {
  const args = [...(handlers ? ['--handlers', handlers] : []), ...(inject('embedded') ? ['--embedded'] : [])];
  const child = fork(new URL('../modules/jobs/worker-process.ts', import.meta.url).pathname, args, {
    execArgv: ['--import', 'tsx'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent', JOB_POLL_MS: '50', JOB_LEASE_MS: '1500', JOB_LEASE_RENEW_MS: '300' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  apps.defer(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const { workerId } = await new Promise<{ workerId: string }>((resolve, reject) => {
    child.once('message', (m: { type: string; workerId: string }) => resolve(m));
    child.once('exit', (code) => reject(new Error(`worker process exited (${code})`)));
  });
  return { child, workerId, exited };
}

export async function logEntries(db: Db, jobId: number): Promise<{ id: number; parent_log_id: number | null; level: string; message: string; error_message: string | null }[]> {
  const r = await db.execute<{ id: number; parent_log_id: number | null; level: string; message: string; error_message: string | null }>(
    sql`select id::int, parent_log_id::int, level, message, error_message from job_logs where job_id = ${jobId} order by id`);
  return r.rows;
}
