import { type SQL, sql } from 'drizzle-orm';
import type { PcsSiteRow } from '@syrx/contracts/point-sources';
import type { DbOrTx } from '../../db/client.ts';
import { lockSeries, rebuildRollups } from '../../lib/record-rollups.ts';
import { moveRecordsRepo } from './move-records.repo.ts';
import type { Page } from './point-trees.repo.ts';

const nameHolds = (search: string | undefined) =>
  search ? sql`and s.site_name ilike ${`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;

const rowsOf = (where: SQL, order: SQL[], page: Page) => sql`
  select s.id, s.site_name,
    (select count(*) from pcs_devices dv where dv.pcs_site_id = s.id)::int as device_count,
    (select count(*) from pcs_points p join pcs_devices dv on dv.id = p.pcs_device_id where dv.pcs_site_id = s.id)::int as point_count,
    (select coalesce(sum(d.record_count), 0) from data_points d join pcs_points p on p.id = d.pcs_point_id join pcs_devices dv on dv.id = p.pcs_device_id
      where dv.pcs_site_id = s.id)::float8 as record_count
  from pcs_sites s where ${where} order by ${sql.join(order, sql`, `)}, s.id limit ${page.limit} offset ${page.offset}`;

/** Two points of one name, the merged site's (from) and the target's (to), with their series (null: none yet). */
type PointPair = { from_point: number; to_point: number; from_series: number | null; to_series: number | null };

/** PCS sites as Admin → PCS sites keeps them: listed with what they hold, renamed, merged, deleted when empty. */
export const pcsSitesRepo = {
  async list(db: DbOrTx, search: string | undefined, order: SQL[], page: Page): Promise<PcsSiteRow[]> {
    return (await db.execute<PcsSiteRow>(rowsOf(sql`true ${nameHolds(search)}`, order, page))).rows;
  },

  async count(db: DbOrTx, search: string | undefined): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from pcs_sites s where true ${nameHolds(search)}`);
    return r.rows[0]?.n ?? 0;
  },

  async find(db: DbOrTx, id: number): Promise<PcsSiteRow | null> {
    return (await db.execute<PcsSiteRow>(rowsOf(sql`s.id = ${id}`, [sql`s.id`], { offset: 0, limit: 1 }))).rows[0] ?? null;
  },

  /** Locks the sites (in id order) until the transaction ends; the ids of those that exist. */
  async lock(tx: DbOrTx, ids: number[]): Promise<number[]> {
    const r = await tx.execute<{ id: number }>(sql`select id from pcs_sites where id = any(${sql.param(ids)}::int[]) order by id for update`);
    return r.rows.map((x) => x.id);
  },

  /** Renames a site; false when another site has the name. */
  async rename(tx: DbOrTx, id: number, name: string): Promise<boolean> {
    const taken = await tx.execute(sql`select 1 from pcs_sites where site_name = ${name} and id <> ${id}`);
    if (taken.rows.length > 0) return false;
    await tx.execute(sql`update pcs_sites set site_name = ${name} where id = ${id}`);
    return true;
  },

  /**
   * Moves site `from`'s devices into site `into`. A device whose name `into` has already joins that device: its points
   * move over, and a point whose name that device has already gives its records to it (the target's value wins where
   * both have one; its equipment points follow) and goes. Then `from`, empty, is deleted. The caller locked both.
   */
  async merge(tx: DbOrTx, from: number, into: number): Promise<{ devices_moved: number; devices_merged: number; points_merged: number; records_merged: number }> {
    const pairs = sql`(select f.id as fd, t.id as td from pcs_devices f join pcs_devices t on t.pcs_site_id = ${into} and t.name = f.name where f.pcs_site_id = ${from})`;
    const merged = (await tx.execute<{ fd: number; td: number }>(sql`select fd, td from ${pairs} x order by fd`)).rows;
    const moved = await tx.execute(sql`update pcs_devices set pcs_site_id = ${into} where pcs_site_id = ${from} and id <> all(${sql.param(merged.map((m) => m.fd))}::int[])`);
    await tx.execute(sql`
      update pcs_points p set pcs_device_id = x.td from ${pairs} x
      where p.pcs_device_id = x.fd and not exists (select 1 from pcs_points q where q.pcs_device_id = x.td and q.name = p.name)`);
    const points = (await tx.execute<PointPair>(sql`
      select fp.id as from_point, tp.id as to_point, fs.id as from_series, ts.id as to_series
      from ${pairs} x join pcs_points fp on fp.pcs_device_id = x.fd join pcs_points tp on tp.pcs_device_id = x.td and tp.name = fp.name
      left join data_points fs on fs.pcs_point_id = fp.id left join data_points ts on ts.pcs_point_id = tp.id order by fp.id`)).rows;
    let records = 0;
    for (const p of points) records += await mergePoint(tx, p);
    // What is left of `from` (merged devices and their merged points, with the series that gave their records) goes.
    await tx.execute(sql`delete from pcs_devices where pcs_site_id = ${from}`);
    await tx.execute(sql`delete from pcs_sites where id = ${from}`);
    return { devices_moved: moved.rowCount ?? 0, devices_merged: merged.length, points_merged: points.length, records_merged: records };
  },

  /** Deletes a site that has no devices; false when it has some. */
  async removeEmpty(tx: DbOrTx, id: number): Promise<boolean> {
    const r = await tx.execute(sql`delete from pcs_sites s where s.id = ${id} and not exists (select 1 from pcs_devices d where d.pcs_site_id = s.id)`);
    return (r.rowCount ?? 0) > 0;
  },
};

/** One point's records into its namesake's series (or its series handed over when the namesake has none); how many records. */
async function mergePoint(tx: DbOrTx, p: PointPair): Promise<number> {
  if (p.from_series === null) return 0;
  if (p.to_series === null) {
    await tx.execute(sql`update data_points set pcs_point_id = ${p.to_point} where id = ${p.from_series}`);
    const n = await tx.execute<{ n: number }>(sql`select record_count::float8 as n from data_points where id = ${p.from_series}`);
    return n.rows[0]?.n ?? 0;
  }
  await lockSeries(tx, [p.from_series, p.to_series]);
  const copied = await tx.execute(sql`
    insert into point_records (data_point_id, ts, value) select ${p.to_series}, ts, value from point_records where data_point_id = ${p.from_series}
    on conflict do nothing`);
  await tx.execute(sql`update equipment_points set data_point_id = ${p.to_series}, updated_at = now() where data_point_id = ${p.from_series}`);
  await rebuildRollups(tx, [p.to_series]);
  await moveRecordsRepo.recomputeSummaries(tx, [p.to_series]);
  return copied.rowCount ?? 0;
}
