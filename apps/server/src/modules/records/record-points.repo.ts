import { type SQL, sql } from 'drizzle-orm';
import type { PointDataKind } from '@syrx/contracts/point-data';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A point of any kind as record reads need it: its series (null: none yet) and whether it has rollups, its names from
 * the top of its tree down, its unit, whose it is (the controller of a BACnet point, the group of a group point; null
 * for the shared catalogues) and its series' summary.
 */
export type KindPointRow = {
  point_id: number;
  data_point_id: number | null;
  rolled_up: boolean;
  path: string[];
  unit: string | null;
  owner: string | null;
  earliest: number | null;
  latest: number | null;
  latest_value: number | null;
  count: number;
};

const ms = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::float8`;
const summary = sql`d.id as data_point_id, coalesce(d.rolled_up, true) as rolled_up, ${ms(sql`d.earliest_record_on`)} as earliest,
  ${ms(sql`d.latest_record_on`)} as latest, d.latest_value, coalesce(d.record_count, 0)::float8 as count`;

/** Per kind: the FROM of its points (as p, with their series as d) and the selected names, unit and owner. */
const kinds: Record<PointDataKind, { from: SQL; columns: SQL }> = {
  controller: {
    from: sql`bacnet_points p join bacnet_devices dv on dv.id = p.device_id join syrx_controllers c on c.id = p.syrx_controller_id
      left join data_points d on d.bacnet_point_id = p.id`,
    columns: sql`array[c.name, coalesce(dv.name, ''), coalesce(p.name, '')] as path, p.units as unit, p.syrx_controller_id::text as owner`,
  },
  vendor: {
    from: sql`vendor_points p left join data_points d on d.vendor_point_id = p.id`,
    columns: sql`array_remove(array[p.vendor, p.id_field_1, p.id_field_2, nullif(p.id_field_3, '')], null) as path, null::text as unit, null::text as owner`,
  },
  pcs: {
    from: sql`pcs_points p join pcs_devices dv on dv.id = p.pcs_device_id join pcs_sites s on s.id = dv.pcs_site_id left join data_points d on d.pcs_point_id = p.id`,
    columns: sql`array[s.site_name, dv.name, p.name] as path, null::text as unit, null::text as owner`,
  },
  group: {
    from: sql`group_points p join groups g on g.id = p.group_id left join data_points d on d.group_point_id = p.id`,
    columns: sql`array[g.name, p.name] as path, nullif(p.unit, '') as unit, p.group_id::text as owner`,
  },
};

export const recordPointsRepo = {
  /** The points of a kind with these ids (those that exist; in no particular order). */
  async of(db: DbOrTx, kind: PointDataKind, ids: number[]): Promise<KindPointRow[]> {
    const k = kinds[kind];
    const r = await db.execute<KindPointRow>(sql`
      select p.id as point_id, ${summary}, ${k.columns} from ${k.from} where p.id = any(${sql.param(ids)}::int[])`);
    return r.rows;
  },
};
