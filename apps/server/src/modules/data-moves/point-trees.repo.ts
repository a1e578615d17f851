import { type SQL, sql } from 'drizzle-orm';
import type { PcsDevice, PcsPoint, PcsSite } from '@syrx/contracts/data-moves';
import type { DbOrTx } from '../../db/client.ts';
import { isoOf } from '../../lib/sql-dates.ts';

export interface Page {
  offset: number;
  limit: number;
}

/** The id-field levels above the one listed: the vendor, then id_field_1 and id_field_2 as far as the level needs. */
export interface VendorLevel {
  vendor: string;
  /** 1, 2 or 3: which id field this level lists. */
  level: 1 | 2 | 3;
  parents: string[];
  /** True when the level lists points (the vendor's last level). */
  leaf: boolean;
}

/** Sort terms of a name, in the same order on PostgreSQL and PGlite (their default collations differ): case-insensitive first. */
export const byName = (e: SQL): SQL[] => [sql`lower(${e}) collate "C"`, sql`${e} collate "C"`];
const directed = (terms: SQL[], dir: 'asc' | 'desc') => terms.map((t) => (dir === 'desc' ? sql`${t} desc` : t));

const fieldOf = (level: 1 | 2 | 3) => sql.raw(`p.id_field_${level}`);

function vendorWhere(l: VendorLevel): SQL {
  const parts = [sql`p.vendor = ${l.vendor}`, ...l.parents.map((v, i) => sql`${fieldOf((i + 1) as 1 | 2)} = ${v}`)];
  return sql.join(parts, sql` and `);
}

const orderSql = (terms: SQL[]) => sql.join(terms, sql`, `);

export const pointTreesRepo = {
  async vendors(db: DbOrTx): Promise<string[]> {
    const r = await db.execute<{ vendor: string }>(sql`select vendor from vendor_points p group by vendor order by ${orderSql(byName(sql`vendor`))}`);
    return r.rows.map((x) => x.vendor);
  },

  /** One level of a vendor's tree: distinct values above the last level, points at it (with their series' count). */
  async vendorLevel(db: DbOrTx, l: VendorLevel, page: Page, dir: 'asc' | 'desc'): Promise<{ value: string; vendor_point_id: number | null; record_count: number | null; id_field_3: string }[]> {
    const field = fieldOf(l.level);
    const r = l.leaf
      ? await db.execute<{ value: string; vendor_point_id: number; record_count: number; id_field_3: string }>(sql`
          select ${field} as value, p.id as vendor_point_id, coalesce(d.record_count, 0)::float8 as record_count, p.id_field_3
          from vendor_points p left join data_points d on d.vendor_point_id = p.id
          where ${vendorWhere(l)} order by ${orderSql(directed(byName(field), dir))}, p.id limit ${page.limit} offset ${page.offset}`)
      : await db.execute<{ value: string; vendor_point_id: null; record_count: null; id_field_3: string }>(sql`
          select ${field} as value, null::int as vendor_point_id, null::float8 as record_count, '' as id_field_3
          from vendor_points p where ${vendorWhere(l)} group by ${field} order by ${orderSql(directed(byName(field), dir))} limit ${page.limit} offset ${page.offset}`);
    return r.rows;
  },

  async vendorLevelCount(db: DbOrTx, l: VendorLevel): Promise<number> {
    const field = fieldOf(l.level);
    const r = await db.execute<{ n: number }>(sql`
      select ${l.leaf ? sql`count(*)` : sql`count(distinct ${field})`}::int as n from vendor_points p where ${vendorWhere(l)}`);
    return r.rows[0]?.n ?? 0;
  },

  async sites(db: DbOrTx, page: Page, order: SQL[]): Promise<PcsSite[]> {
    const r = await db.execute<PcsSite>(sql`
      select s.id, s.site_name, (select count(*) from pcs_devices d where d.pcs_site_id = s.id)::int as device_count
      from pcs_sites s order by ${orderSql(order)}, s.id limit ${page.limit} offset ${page.offset}`);
    return r.rows;
  },

  async siteCount(db: DbOrTx): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from pcs_sites`);
    return r.rows[0]?.n ?? 0;
  },

  async siteExists(db: DbOrTx, id: number): Promise<boolean> {
    return (await db.execute(sql`select 1 from pcs_sites where id = ${id}`)).rows.length > 0;
  },

  async devices(db: DbOrTx, siteId: number, page: Page, order: SQL[]): Promise<PcsDevice[]> {
    const r = await db.execute<PcsDevice>(sql`
      select d.id, d.name, d.pcs_site_id as pcs_site, (select count(*) from pcs_points p where p.pcs_device_id = d.id)::int as point_count
      from pcs_devices d where d.pcs_site_id = ${siteId} order by ${orderSql(order)}, d.id limit ${page.limit} offset ${page.offset}`);
    return r.rows;
  },

  async deviceCount(db: DbOrTx, siteId: number): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from pcs_devices where pcs_site_id = ${siteId}`);
    return r.rows[0]?.n ?? 0;
  },

  async deviceExists(db: DbOrTx, id: number): Promise<boolean> {
    return (await db.execute(sql`select 1 from pcs_devices where id = ${id}`)).rows.length > 0;
  },

  /** PCS points of a device (or the one point `pointId`), with their names up the tree and their series' summary. */
  async points(db: DbOrTx, of: { deviceId: number } | { pointId: number }, page: Page, order: SQL[]): Promise<PcsPoint[]> {
    const where = 'deviceId' in of ? sql`p.pcs_device_id = ${of.deviceId}` : sql`p.id = ${of.pointId}`;
    const r = await db.execute<PcsPoint>(sql`
      select p.id, p.name, p.pcs_device_id as pcs_device, dv.name as device_name, s.site_name,
        coalesce(d.record_count, 0)::float8 as record_count,
        ${isoOf(sql`d.earliest_record_on`)} as earliest_record_date, ${isoOf(sql`d.latest_record_on`)} as latest_record_date
      from pcs_points p join pcs_devices dv on dv.id = p.pcs_device_id join pcs_sites s on s.id = dv.pcs_site_id
      left join data_points d on d.pcs_point_id = p.id
      where ${where} order by ${orderSql(order)}, p.id limit ${page.limit} offset ${page.offset}`);
    return r.rows;
  },

  async pointCount(db: DbOrTx, deviceId: number): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from pcs_points where pcs_device_id = ${deviceId}`);
    return r.rows[0]?.n ?? 0;
  },
};
