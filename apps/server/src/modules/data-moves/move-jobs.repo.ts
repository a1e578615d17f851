import { type SQL, sql } from 'drizzle-orm';
import { type MoveJobRow, sortableMoveJobFields } from '@syrx/contracts/data-moves';
import type { Sort } from '@syrx/contracts/grid';
import type { DbOrTx } from '../../db/client.ts';
import { orderByOf } from '../../lib/grid-sql.ts';
import { isoOf } from '../../lib/sql-dates.ts';

/** Which move jobs a reader sees: all, or the ones they queued. */
export type MoveJobScope = { all: true } | { userId: number };

const param = (key: string) => sql.raw(`j.params ->> '${key}'`);
/** A step's count from its state (the copy's records, the delete's records, the remap's equipment points). */
const stepCount = (type: string, expr: string) =>
  sql`coalesce((select sum(coalesce((c.state ->> ${sql.raw(`'${expr}'`)})::float8, 0)) from jobs c where c.parent_job_id = j.id and c.job_type = ${type}), 0)::float8`;

const sortColumns: Record<(typeof sortableMoveJobFields)[number], SQL | SQL[]> = {
  job_id: sql`j.id`,
  source_data_point_name: sql`lower(${param('source_data_point_name')}) collate "C"`,
  destination_data_point_name: sql`lower(${param('destination_data_point_name')}) collate "C"`,
  status: sql`j.status`,
  job_queued_date: sql`j.queued_time`,
  job_started_date: sql`j.run_started_time`,
  job_completed_date: sql`j.finished_time`,
};

const where = (scope: MoveJobScope) =>
  sql`j.job_type = 'vendor_point_record_move' and j.parent_job_id is null ${'all' in scope ? sql`` : sql`and j.user_id = ${scope.userId}`}`;

export const moveJobsRepo = {
  /** A page of move jobs with their items' fields and their steps' counts so far. */
  async list(db: DbOrTx, scope: MoveJobScope, sort: Sort[] | undefined, page: { offset: number; limit: number }): Promise<MoveJobRow[]> {
    const order = orderByOf(sort?.length ? sort : [{ field: 'job_queued_date', dir: 'desc' }], sortColumns, sortableMoveJobFields);
    const r = await db.execute<MoveJobRow>(sql`
      select j.id::int as job_id,
        ${param('source_data_point_name')} as source_data_point_name, ${param('destination_data_point_name')} as destination_data_point_name,
        ${param('start_date')} as start_date, ${param('end_date')} as end_date,
        (j.params ->> 'full_time_range')::boolean as full_time_range, ${param('source_record_handling')} as source_record_handling,
        (j.params ->> 'remap_equipment_points')::boolean as remap_equipment_points,
        j.status, j.progress,
        ${isoOf(sql`j.queued_time`)} as job_queued_date, ${isoOf(sql`j.run_started_time`)} as job_started_date, ${isoOf(sql`j.finished_time`)} as job_completed_date,
        ${stepCount('point_record_copy', 'scanned')} as records_copied,
        ${stepCount('point_record_delete_source', 'changed')} as records_deleted,
        ${stepCount('equipment_point_remap', 'remapped')} as equipment_points_remapped
      from jobs j where ${where(scope)}
      order by ${sql.join([...order, sql`j.id desc`], sql`, `)} offset ${page.offset} limit ${page.limit}`);
    return r.rows;
  },

  async count(db: DbOrTx, scope: MoveJobScope): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from jobs j where ${where(scope)}`);
    return r.rows[0]?.n ?? 0;
  },

  /** The counts of one move job's steps (for its closing log entry). */
  async stepCounts(db: DbOrTx, jobId: number): Promise<{ copied: number; deleted: number; remapped: number }> {
    const r = await db.execute<{ copied: number; deleted: number; remapped: number }>(sql`
      select ${stepCount('point_record_copy', 'scanned')} as copied, ${stepCount('point_record_delete_source', 'changed')} as deleted,
        ${stepCount('equipment_point_remap', 'remapped')} as remapped
      from jobs j where j.id = ${jobId}`);
    return r.rows[0] ?? { copied: 0, deleted: 0, remapped: 0 };
  },
};
