import { type SQL, sql } from 'drizzle-orm';
import type { PointHealthSchedule } from '@syrx/contracts/point-health';
import type { DbOrTx } from '../../db/client.ts';
import { isoOf } from '../../lib/sql-dates.ts';
import type { Visible } from './sweeps.repo.ts';

/** The next time of day `hour` (UTC) after now, as SQL. */
const nextAt = (hour: SQL) => sql`(date_trunc('day', now() at time zone 'UTC') + ${hour} * interval '1 hour'
  + case when date_trunc('day', now() at time zone 'UTC') + ${hour} * interval '1 hour' <= (now() at time zone 'UTC') then interval '1 day' else interval '0' end) at time zone 'UTC'`;

const columns = sql`s.group_id, g.name as group_name, s.hour_utc, s.operator_priorities, s.program_priorities, u.username,
  ${isoOf(sql`s.next_run_at`)} as next_run_at, s.last_sweep_id`;
const from = sql`point_health_schedules s join groups g on g.id = s.group_id left join users u on u.id = s.user_id`;

/** A schedule that came due, claimed (its next run moved on): whose sweep to queue. */
export type DueSchedule = {
  group_id: number;
  user_id: number | null;
  operator_priorities: number[];
  program_priorities: number[] | null;
};

export const schedulesRepo = {
  async list(db: DbOrTx, visible: Visible): Promise<PointHealthSchedule[]> {
    const r = await db.execute<PointHealthSchedule>(sql`select ${columns} from ${from} where ${visible(sql`s.group_id`)} order by g.name, s.group_id`);
    return r.rows;
  },

  async get(db: DbOrTx, groupId: number): Promise<PointHealthSchedule | null> {
    const r = await db.execute<PointHealthSchedule>(sql`select ${columns} from ${from} where s.group_id = ${groupId}`);
    return r.rows[0] ?? null;
  },

  async put(db: DbOrTx, s: { groupId: number; hourUtc: number; operatorPriorities: number[]; programPriorities: number[] | null; userId: number }): Promise<void> {
    const programs = s.programPriorities === null ? sql`null` : sql`${JSON.stringify(s.programPriorities)}::jsonb`;
    await db.execute(sql`insert into point_health_schedules (group_id, hour_utc, operator_priorities, program_priorities, user_id, next_run_at, updated_at)
      values (${s.groupId}, ${s.hourUtc}, ${JSON.stringify(s.operatorPriorities)}::jsonb, ${programs}, ${s.userId}, ${nextAt(sql`${s.hourUtc}`)}, now())
      on conflict (group_id) do update set hour_utc = excluded.hour_utc, operator_priorities = excluded.operator_priorities,
        program_priorities = excluded.program_priorities, user_id = excluded.user_id, next_run_at = excluded.next_run_at, updated_at = now()`);
  },

  async remove(db: DbOrTx, groupId: number): Promise<boolean> {
    const r = await db.execute(sql`delete from point_health_schedules where group_id = ${groupId}`);
    return (r.rowCount ?? 0) > 0;
  },

  /**
   * Claims one schedule that came due, moving its next run to the next day's hour in the same statement (SKIP LOCKED: two
   * instances never claim the same run); null when none is due.
   */
  async claimDue(tx: DbOrTx): Promise<DueSchedule | null> {
    const r = await tx.execute<DueSchedule>(sql`update point_health_schedules s set next_run_at = ${nextAt(sql`s.hour_utc`)}
      where s.group_id = (select group_id from point_health_schedules where next_run_at <= now() order by next_run_at limit 1 for update skip locked)
      returning s.group_id, s.user_id, s.operator_priorities, s.program_priorities`);
    return r.rows[0] ?? null;
  },

  async ran(tx: DbOrTx, groupId: number, sweepId: number): Promise<void> {
    await tx.execute(sql`update point_health_schedules set last_sweep_id = ${sweepId} where group_id = ${groupId}`);
  },
};
