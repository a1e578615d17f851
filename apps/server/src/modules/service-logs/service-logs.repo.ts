import { sql } from 'drizzle-orm';
import type { ServiceLogEntry, ServiceLogLevel } from '@syrx/contracts/service-logs';
import type { DbOrTx } from '../../db/client.ts';

/** Entries in columns, as one INSERT … SELECT FROM unnest takes them. */
export interface LogColumns {
  entryIds: string[];
  serviceIds: string[];
  times: number[];
  levels: ServiceLogLevel[];
  loggers: string[];
  messages: string[];
  exceptions: (string | null)[];
}

/** Which entries of a controller's service a page reads: the levels asked for, in time order. */
export interface LogSelection {
  controllerId: string;
  serviceId: string;
  levels: ServiceLogLevel[];
}

const p = <T>(v: T) => sql.param(v);

export const serviceLogsRepo = {
  /** Inserts a batch in one statement; entries already stored (same agent entry id) are skipped. Returns how many were new. */
  async insert(db: DbOrTx, controllerId: string, c: LogColumns): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`
      with ins as (
        insert into service_logs (syrx_controller_id, agent_entry_id, service_id, ts, level, logger, message, exception)
        select ${controllerId}::uuid, e, s, to_timestamp(t / 1000), l, g, m, x
        from unnest(${p(c.entryIds)}::text[], ${p(c.serviceIds)}::text[], ${p(c.times)}::float8[], ${p(c.levels)}::text[],
          ${p(c.loggers)}::text[], ${p(c.messages)}::text[], ${p(c.exceptions)}::text[]) as u(e, s, t, l, g, m, x)
        on conflict do nothing
        returning 1)
      select count(*)::int as n from ins`);
    return r.rows[0]?.n ?? 0;
  },

  /**
   * A page in time order (newest first by default). Each level is read from the (controller, service, level, time)
   * index, at most offset + limit entries of it, and the levels merged: a deep page never sorts a month of entries.
   */
  async page(db: DbOrTx, q: LogSelection, newestFirst: boolean, page: { offset: number; limit: number }): Promise<ServiceLogEntry[]> {
    const inner = newestFirst ? sql`s.ts desc nulls last, s.id desc nulls last` : sql`s.ts asc nulls first, s.id asc nulls first`;
    const outer = newestFirst ? sql`e.ts desc, e.id desc` : sql`e.ts asc, e.id asc`;
    const r = await db.execute<Omit<ServiceLogEntry, 'id'> & { id: string }>(sql`
      select e.id, ${q.controllerId}::text as syrx_controller_id, e.service_id,
        to_char(e.ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as timestamp, e.level, e.logger, e.message, e.exception
      from unnest(${p(q.levels)}::text[]) as l(level)
      cross join lateral (
        select s.id, s.ts, s.service_id, s.level, s.logger, s.message, s.exception from service_logs s
        where s.syrx_controller_id = ${q.controllerId}::uuid and s.service_id = ${q.serviceId} and s.level = l.level
        order by ${inner} limit ${page.offset + page.limit}) e
      order by ${outer} offset ${page.offset} limit ${page.limit}`);
    // id is a bigint, which pg hands over as text.
    return r.rows.map((e) => ({ ...e, id: Number(e.id) }));
  },

  async count(db: DbOrTx, q: LogSelection): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`
      select count(*)::float8 as n from service_logs
      where syrx_controller_id = ${q.controllerId}::uuid and service_id = ${q.serviceId} and level = any(${p(q.levels)}::text[])`);
    return r.rows[0]?.n ?? 0;
  },

  /** Deletes up to `limit` entries older than the cutoff (short statements: the caller repeats); returns how many. */
  async deleteOlderThan(db: DbOrTx, cutoff: Date, limit: number): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`
      with gone as (delete from service_logs where id in (select id from service_logs where ts < ${cutoff.toISOString()}::timestamptz limit ${limit}) returning 1)
      select count(*)::int as n from gone`);
    return r.rows[0]?.n ?? 0;
  },
};
