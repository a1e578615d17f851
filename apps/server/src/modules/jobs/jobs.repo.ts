import { type SQL, and, sql } from 'drizzle-orm';
import { filterableJobFields, sortableJobFields, type Job, type JobLog, type JobType } from '@syrx/contracts/jobs';
import type { GridFilter, Sort } from '@syrx/contracts/grid';
import type { DbOrTx } from '../../db/client.ts';
import { type GridColumn, filtersSqlOf, orderByOf } from '../../lib/grid-sql.ts';

/** Which jobs a reader sees: every one, or their own plus those of some types (docs/jobs.md). */
export type JobScope = { all: true } | { userId: number; types: readonly JobType[] };

export interface NewJobRow {
  jobType: JobType;
  params: Record<string, unknown>;
  userId: number | null;
  priority: number;
}

const iso = (col: string) => sql.raw(`to_char(j.${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The wire row (contracts' jobSchema) of `jobs j left join users u`. */
const jobColumns = sql`
  j.id, j.parent_job_id, j.sibling_job_execution_order_index, j.job_type, j.status, j.progress, j.priority, j.user_id,
  u.username, ${iso('created_time')} as created_time, ${iso('queued_time')} as queued_time,
  ${iso('run_started_time')} as run_started_time, ${iso('run_finished_time')} as run_finished_time,
  ${iso('finished_time')} as finished_time, j.params, j.attempts, j.error_message,
  (select count(*)::int from jobs c where c.parent_job_id = j.id) as child_job_count`;

const gridColumns: Record<keyof typeof filterableJobFields, GridColumn> = {
  id: { expr: sql`j.id`, type: filterableJobFields.id },
  job_type: { expr: sql`j.job_type`, type: filterableJobFields.job_type },
  status: { expr: sql`j.status`, type: filterableJobFields.status },
  progress: { expr: sql`j.progress`, type: filterableJobFields.progress },
  priority: { expr: sql`j.priority`, type: filterableJobFields.priority },
  username: { expr: sql`u.username`, type: filterableJobFields.username },
  created_time: { expr: sql`j.created_time`, type: filterableJobFields.created_time },
  queued_time: { expr: sql`j.queued_time`, type: filterableJobFields.queued_time },
  run_started_time: { expr: sql`j.run_started_time`, type: filterableJobFields.run_started_time },
  finished_time: { expr: sql`j.finished_time`, type: filterableJobFields.finished_time },
};
const sortColumns: Record<string, SQL> = { ...Object.fromEntries(Object.entries(gridColumns).map(([k, c]) => [k, c.expr])), username: sql`lower(u.username)` };

function visibleSql(scope: JobScope): SQL | undefined {
  if ('all' in scope) return undefined;
  return sql`(j.user_id = ${scope.userId} or j.job_type = any(${sql.param([...scope.types])}::text[]))`;
}

export interface JobListQuery {
  filters: GridFilter[] | undefined;
  sort: Sort[] | undefined;
  includeChildren: boolean;
}

function listWhere(scope: JobScope, q: JobListQuery): SQL {
  return and(visibleSql(scope), q.includeChildren ? undefined : sql`j.parent_job_id is null`, filtersSqlOf(q.filters, gridColumns)) ?? sql`true`;
}

export const jobsRepo = {
  /** A queued job (queued_time now); its id. */
  async insert(db: DbOrTx, r: NewJobRow): Promise<number> {
    const res = await db.execute<{ id: number }>(sql`
      insert into jobs (job_type, params, user_id, priority, status, queued_time)
      values (${r.jobType}, ${JSON.stringify(r.params)}::jsonb, ${r.userId}, ${r.priority}, 'queued', now()) returning id`);
    return Number(res.rows[0]?.id);
  },

  /** A page of jobs, newest first unless sorted otherwise (ties newest id first). */
  async list(db: DbOrTx, scope: JobScope, q: JobListQuery, page: { offset: number; limit: number }): Promise<Job[]> {
    const order = orderByOf(q.sort, sortColumns, sortableJobFields);
    const res = await db.execute<Job>(sql`
      select ${jobColumns} from jobs j left join users u on u.id = j.user_id
      where ${listWhere(scope, q)}
      order by ${sql.join([...order, sql`j.created_time desc`, sql`j.id desc`], sql`, `)}
      offset ${page.offset} limit ${page.limit}`);
    return res.rows.map(jobOf);
  },

  async queuedCount(db: DbOrTx): Promise<number> {
    const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where status = 'queued'`);
    return res.rows[0]?.n ?? 0;
  },

  async count(db: DbOrTx, scope: JobScope, q: JobListQuery): Promise<number> {
    const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from jobs j left join users u on u.id = j.user_id where ${listWhere(scope, q)}`);
    return res.rows[0]?.n ?? 0;
  },

  /** One job the reader may see, or null. */
  async find(db: DbOrTx, scope: JobScope, id: number): Promise<Job | null> {
    const res = await db.execute<Job>(sql`
      select ${jobColumns} from jobs j left join users u on u.id = j.user_id where j.id = ${id} and ${visibleSql(scope) ?? sql`true`}`);
    const row = res.rows[0];
    return row ? jobOf(row) : null;
  },

  /** A job's children in sibling order. */
  async children(db: DbOrTx, id: number): Promise<Job[]> {
    const res = await db.execute<Job>(sql`
      select ${jobColumns} from jobs j left join users u on u.id = j.user_id
      where j.parent_job_id = ${id} order by j.sibling_job_execution_order_index, j.id`);
    return res.rows.map(jobOf);
  },

  /**
   * Log entries, oldest first. Top level (parentLogId null): the job's own entries whose parent entry is none or
   * another job's (a step job's entries hang under its parent's entry for the step). Under an entry: its children
   * that belong to the job or one of its descendants.
   */
  async logs(db: DbOrTx, jobId: number, parentLogId: number | null): Promise<JobLog[]> {
    const where = parentLogId === null
      ? sql`l.job_id = ${jobId} and (l.parent_log_id is null or not exists (select 1 from job_logs p where p.id = l.parent_log_id and p.job_id = ${jobId}))`
      : sql`l.parent_log_id = ${parentLogId} and l.job_id in (
          with recursive tree(id) as (select ${jobId}::bigint union all select j.id from jobs j join tree t on j.parent_job_id = t.id)
          select id from tree)`;
    const res = await db.execute<Record<string, unknown>>(sql`
      select l.id, l.job_id, l.parent_log_id, to_char(l.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ts,
        l.level, l.message, l.error_message, exists (select 1 from job_logs c where c.parent_log_id = l.id) as has_child_logs
      from job_logs l where ${where} order by l.ts, l.id`);
    return res.rows.map((r) => ({
      id: Number(r.id), jobId: Number(r.job_id), parentLogId: r.parent_log_id === null ? null : Number(r.parent_log_id),
      timestamp: r.ts as string, level: r.level as JobLog['level'], message: r.message as string,
      errorMessage: (r.error_message as string | null) ?? null, hasChildLogs: r.has_child_logs === true,
    }));
  },
};

/** bigint columns arrive as text from pg; the wire has numbers. */
function jobOf(r: Job): Job {
  return {
    ...r,
    id: Number(r.id),
    parent_job_id: r.parent_job_id === null ? null : Number(r.parent_job_id),
    progress: Number(r.progress),
  };
}
