import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** A vendor point's id fields (id_field_3 is '' for two-level vendors). */
export interface VendorPointKey {
  vendor: string;
  id_field_1: string;
  id_field_2: string;
  id_field_3: string;
}

/** A PCS point's names. */
export interface PcsPointKey {
  site_name: string;
  device_name: string;
  point_name: string;
}

/** A group point's name within its group, and the unit it is created with. */
export interface GroupPointKey {
  name: string;
  unit: string;
}

/** A point and its series, and whether this call created it. */
export interface PointSeries {
  point_id: number;
  data_point_id: number;
  created: boolean;
}

export const vendorKeyOf = (k: VendorPointKey) => JSON.stringify([k.vendor, k.id_field_1, k.id_field_2, k.id_field_3]);
export const pcsKeyOf = (k: PcsPointKey) => JSON.stringify([k.site_name, k.device_name, k.point_name]);
export const groupKeyOf = (k: GroupPointKey) => k.name;
const param = <T>(v: T) => sql.param(v);

/**
 * Vendor and PCS points with their series: found, or created with their data_points row (kind vendor-point /
 * pcs-point) in the caller's transaction. The series are locked FOR KEY SHARE until it ends, so none is deleted under
 * records about to be stored (what a foreign key from point_records would ensure).
 */
export const pointSourcesRepo = {
  /** The vendor points of these keys (distinct), created as needed; by vendorKeyOf. */
  async ensureVendorPoints(tx: DbOrTx, keys: VendorPointKey[]): Promise<Map<string, PointSeries>> {
    if (keys.length === 0) return new Map();
    const cols = [keys.map((k) => k.vendor), keys.map((k) => k.id_field_1), keys.map((k) => k.id_field_2), keys.map((k) => k.id_field_3)];
    const wanted = sql`unnest(${param(cols[0])}::text[], ${param(cols[1])}::text[], ${param(cols[2])}::text[], ${param(cols[3])}::text[]) as k(v, a, b, c)`;
    const created = await tx.execute<{ id: number }>(sql`
      insert into vendor_points (vendor, id_field_1, id_field_2, id_field_3) select v, a, b, c from ${wanted}
      on conflict do nothing returning id`);
    await tx.execute(sql`
      insert into data_points (kind, vendor_point_id) select 'vendor-point', p.id from ${wanted}
      join vendor_points p on p.vendor = k.v and p.id_field_1 = k.a and p.id_field_2 = k.b and p.id_field_3 = k.c
      on conflict (vendor_point_id) do nothing`);
    const r = await tx.execute<{ vendor: string; id_field_1: string; id_field_2: string; id_field_3: string; point_id: number; data_point_id: number }>(sql`
      select p.vendor, p.id_field_1, p.id_field_2, p.id_field_3, p.id as point_id, d.id as data_point_id from ${wanted}
      join vendor_points p on p.vendor = k.v and p.id_field_1 = k.a and p.id_field_2 = k.b and p.id_field_3 = k.c
      join data_points d on d.vendor_point_id = p.id
      for key share of d`);
    const isNew = new Set(created.rows.map((c) => c.id));
    return new Map(r.rows.map((x) => [vendorKeyOf(x), { point_id: x.point_id, data_point_id: x.data_point_id, created: isNew.has(x.point_id) }]));
  },

  /** The PCS points of these keys, with their sites and devices, created as needed; by pcsKeyOf. */
  async ensurePcsPoints(tx: DbOrTx, keys: PcsPointKey[]): Promise<Map<string, PointSeries>> {
    if (keys.length === 0) return new Map();
    const [sites, devices, points] = [keys.map((k) => k.site_name), keys.map((k) => k.device_name), keys.map((k) => k.point_name)];
    const wanted = sql`unnest(${param(sites)}::text[], ${param(devices)}::text[], ${param(points)}::text[]) as k(s, d, p)`;
    await tx.execute(sql`insert into pcs_sites (site_name) select distinct s from ${wanted} on conflict do nothing`);
    await tx.execute(sql`
      insert into pcs_devices (pcs_site_id, name) select distinct st.id, k.d from ${wanted} join pcs_sites st on st.site_name = k.s
      on conflict do nothing`);
    const created = await tx.execute<{ id: number }>(sql`
      insert into pcs_points (pcs_device_id, name)
      select distinct dv.id, k.p from ${wanted} join pcs_sites st on st.site_name = k.s join pcs_devices dv on dv.pcs_site_id = st.id and dv.name = k.d
      on conflict do nothing returning id`);
    const located = sql`${wanted} join pcs_sites st on st.site_name = k.s join pcs_devices dv on dv.pcs_site_id = st.id and dv.name = k.d
      join pcs_points pt on pt.pcs_device_id = dv.id and pt.name = k.p`;
    await tx.execute(sql`insert into data_points (kind, pcs_point_id) select 'pcs-point', pt.id from ${located} on conflict (pcs_point_id) do nothing`);
    const r = await tx.execute<{ s: string; d: string; p: string; point_id: number; data_point_id: number }>(sql`
      select k.s, k.d, k.p, pt.id as point_id, dp.id as data_point_id from ${located} join data_points dp on dp.pcs_point_id = pt.id
      for key share of dp`);
    const isNew = new Set(created.rows.map((c) => c.id));
    return new Map(r.rows.map((x) => [pcsKeyOf({ site_name: x.s, device_name: x.d, point_name: x.p }), { point_id: x.point_id, data_point_id: x.data_point_id, created: isNew.has(x.point_id) }]));
  },

  /**
   * The points of one group with these names, created in that group as needed (with the unit of the first key naming
   * them); by groupKeyOf. Never a point of another group: names are the group's own.
   */
  async ensureGroupPoints(tx: DbOrTx, groupId: number, keys: GroupPointKey[]): Promise<Map<string, PointSeries>> {
    if (keys.length === 0) return new Map();
    const first = new Map<string, string>();
    for (const k of keys) if (!first.has(k.name)) first.set(k.name, k.unit);
    const wanted = sql`unnest(${param([...first.keys()])}::text[], ${param([...first.values()])}::text[]) as k(n, u)`;
    const created = await tx.execute<{ id: number }>(sql`
      insert into group_points (group_id, name, unit) select ${groupId}, n, u from ${wanted} order by n on conflict do nothing returning id`);
    const located = sql`${wanted} join group_points g on g.group_id = ${groupId} and g.name = k.n`;
    await tx.execute(sql`insert into data_points (kind, group_point_id) select 'group-point', g.id from ${located} order by g.id on conflict (group_point_id) do nothing`);
    const r = await tx.execute<{ n: string; point_id: number; data_point_id: number }>(sql`
      select k.n, g.id as point_id, d.id as data_point_id from ${located} join data_points d on d.group_point_id = g.id order by d.id
      for key share of d`);
    const isNew = new Set(created.rows.map((c) => c.id));
    return new Map(r.rows.map((x) => [x.n, { point_id: x.point_id, data_point_id: x.data_point_id, created: isNew.has(x.point_id) }]));
  },

  /** The series of a vendor point, a PCS point or a controller BACnet point (made on first use for the latter); null if there is no such point. */
  async dataPointOf(db: DbOrTx, side: { vendorPointId: number | null; pcsPointId: number | null; bacnetPointId: number | null }): Promise<number | null> {
    if (side.vendorPointId !== null) {
      const r = await db.execute<{ id: number }>(sql`select id from data_points where vendor_point_id = ${side.vendorPointId}`);
      return r.rows[0]?.id ?? null;
    }
    if (side.pcsPointId !== null) {
      const r = await db.execute<{ id: number }>(sql`select id from data_points where pcs_point_id = ${side.pcsPointId}`);
      return r.rows[0]?.id ?? null;
    }
    if (side.bacnetPointId === null) return null;
    await db.execute(sql`
      insert into data_points (kind, bacnet_point_id) select 'controller-bacnet-point', id from bacnet_points where id = ${side.bacnetPointId}
      on conflict (bacnet_point_id) do nothing`);
    const r = await db.execute<{ id: number }>(sql`select id from data_points where bacnet_point_id = ${side.bacnetPointId}`);
    return r.rows[0]?.id ?? null;
  },

  /** The controller a BACnet point belongs to (null if there is no such point): moves check its group is visible. */
  async controllerOfBacnetPoint(db: DbOrTx, bacnetPointId: number): Promise<string | null> {
    const r = await db.execute<{ c: string }>(sql`select syrx_controller_id as c from bacnet_points where id = ${bacnetPointId}`);
    return r.rows[0]?.c ?? null;
  },
};
