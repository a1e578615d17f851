import { type SQL, sql } from 'drizzle-orm';
import type { BacnetValue } from '@syrx/contracts/agent-protocol';
import type { DeviceAddress } from '@syrx/contracts/bacnet';
import { type FindingsFilter, pointHealthCategories, type PointHealthCategory, type PointHealthFinding } from '@syrx/contracts/point-health';
import type { DbOrTx } from '../../db/client.ts';
import { pointHealthFindings } from '../../db/schema/index.ts';
import { isoOf } from '../../lib/sql-dates.ts';
import { type Visible, visibleController } from './sweeps.repo.ts';

/** A finding as the sweep job writes it. */
export interface NewFinding {
  sweepId: number;
  controllerId: string;
  deviceId: number;
  pointId: number | null;
  category: PointHealthCategory;
  findingKey: string;
  presentValue?: BacnetValue;
  statusFlags?: object | null;
  outOfService?: boolean | null;
  reliability?: number | null;
  eventState?: number | null;
  priority?: number | null;
  priorityArray?: BacnetValue[] | null;
  relinquishDefault?: BacnetValue;
  detail?: string | null;
  latestRecordOn?: Date | null;
}

/** jsonb keeps a JSON null apart from SQL NULL; a value not read is SQL NULL. */
const json = (v: unknown) => (v === undefined || v === null ? null : sql`${JSON.stringify(v)}::jsonb`);

const sortColumns: Record<string, SQL> = {
  category: sql`array_position(array[${sql.join(pointHealthCategories.map((c) => sql`${c}`), sql`, `)}]::text[], f.category)`,
  syrx_controller_name: sql`c.name`,
  device_instance: sql`dv.instance_number`,
  device_name: sql`dv.name`,
  point_name: sql`p.name`,
  object_type: sql`p.object_type`,
  priority: sql`f.priority`,
};
const defaultOrder = [sortColumns.category, sql`c.name`, sql`dv.instance_number`, sql`p.object_type`, sql`p.instance_number`] as SQL[];

/** Which sweep's findings a read takes, and how each row reads against the previous sweep (`prev`, null without one). */
interface FindingSet {
  sweepId: number;
  previousId: number | null;
}

function findingColumns(set: FindingSet, change: FindingsFilter['change']): SQL {
  const changeOf = change === 'resolved' ? sql`'resolved'`
    : set.previousId === null ? sql`null`
      : sql`case when exists (select 1 from point_health_findings o where o.sweep_id = ${set.previousId} and o.finding_key = f.finding_key) then 'unchanged' else 'new' end`;
  return sql`f.id, f.sweep_id, f.category, ${changeOf}::text as change, f.syrx_controller_id::text, c.name as syrx_controller_name, f.device_id,
    dv.instance_number as device_instance, dv.name as device_name, f.point_id, p.object_type, p.instance_number, p.name as point_name, p.units,
    f.present_value, f.status_flags, f.out_of_service, f.reliability, f.event_state, f.priority, f.priority_array, f.relinquish_default, f.detail,
    ${isoOf(sql`f.latest_record_on`)} as latest_record_on, ${isoOf(sql`f.relinquished_at`)} as relinquished_at, u.username as relinquished_by`;
}
const findingFrom = sql`point_health_findings f join syrx_controllers c on c.id = f.syrx_controller_id join bacnet_devices dv on dv.id = f.device_id
  left join bacnet_points p on p.id = f.point_id left join users u on u.id = f.relinquished_by`;

/** The WHERE of a filtered read; `resolved` reads the previous sweep's findings that this one no longer has. */
function findingWhere(visible: Visible, set: FindingSet, filter: FindingsFilter): SQL {
  const inSweep = (id: number) => sql`exists (select 1 from point_health_findings o where o.sweep_id = ${id} and o.finding_key = f.finding_key)`;
  const base = filter.change === 'resolved'
    ? (set.previousId === null ? sql`false` : sql`f.sweep_id = ${set.previousId} and not ${inSweep(set.sweepId)}`)
    : filter.change === undefined ? sql`f.sweep_id = ${set.sweepId}`
      : set.previousId === null ? sql`false`
        : sql`f.sweep_id = ${set.sweepId} and ${filter.change === 'unchanged' ? inSweep(set.previousId) : sql`not ${inSweep(set.previousId)}`}`;
  return sql.join([
    base,
    visibleController(visible, sql`f.syrx_controller_id`),
    ...(filter.category ? [sql`f.category = ${filter.category}`] : []),
    ...(filter.syrx_controller_id ? [sql`f.syrx_controller_id = ${filter.syrx_controller_id}`] : []),
    ...(filter.device_id ? [sql`f.device_id = ${filter.device_id}`] : []),
  ], sql` and `);
}

/** What relinquishing a finding needs: the override's point, device address, priority and the controller's group. */
export type RelinquishTarget = DeviceAddress & {
  id: number;
  category: PointHealthCategory;
  syrx_controller_id: string;
  group_id: number;
  point_id: number | null;
  object_type: number | null;
  object_instance: number | null;
  priority: number | null;
  present_value: BacnetValue;
}

export const findingsRepo = {
  /** Stores findings; a finding already stored (a step done again) is kept as it is. */
  async insert(tx: DbOrTx, rows: NewFinding[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500).map((r) => ({
        sweepId: r.sweepId, syrxControllerId: r.controllerId, deviceId: r.deviceId, pointId: r.pointId, category: r.category, findingKey: r.findingKey,
        presentValue: json(r.presentValue), statusFlags: json(r.statusFlags), outOfService: r.outOfService ?? null, reliability: r.reliability ?? null,
        eventState: r.eventState ?? null, priority: r.priority ?? null, priorityArray: json(r.priorityArray), relinquishDefault: json(r.relinquishDefault),
        detail: r.detail ?? null, latestRecordOn: r.latestRecordOn ?? null,
      }));
      await tx.insert(pointHealthFindings).values(chunk).onConflictDoNothing();
    }
  },

  /** The previous succeeded sweep of the same scope as this one (whatever this one's status). */
  async previousOf(db: DbOrTx, sweepId: number): Promise<number | null> {
    const r = await db.execute<{ id: number }>(sql`select s2.id from point_health_sweeps s join point_health_sweeps s2 on s2.scope_key = s.scope_key and s2.id < s.id
      join jobs j2 on j2.id = s2.job_id where s.id = ${sweepId} and j2.status = 'succeeded' order by s2.id desc limit 1`);
    return r.rows[0]?.id ?? null;
  },

  async page(db: DbOrTx, visible: Visible, set: FindingSet, filter: FindingsFilter, sort: { field: string; dir: 'asc' | 'desc' } | null, page: { offset: number; limit: number }) {
    const where = findingWhere(visible, set, filter);
    const chosen = sort ? sortColumns[sort.field] : undefined;
    const order = [...(chosen ? [sort?.dir === 'desc' ? sql`${chosen} desc nulls last` : sql`${chosen} asc nulls last`] : []), ...defaultOrder, sql`f.id`];
    const rows = await db.execute<PointHealthFinding>(sql`select ${findingColumns(set, filter.change)} from ${findingFrom} where ${where}
      order by ${sql.join(order, sql`, `)} limit ${page.limit} offset ${page.offset}`);
    const total = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${findingFrom} where ${where}`);
    return { items: rows.rows, total: total.rows[0]?.n ?? 0 };
  },

  /** Every finding of the filter, in the grid's default order, a chunk at a time (a CSV export). */
  async *all(db: DbOrTx, visible: Visible, set: FindingSet, filter: FindingsFilter, chunk = 2000): AsyncGenerator<PointHealthFinding> {
    for (let offset = 0; ; offset += chunk) {
      const { items } = await findingsRepo.page(db, visible, set, filter, null, { offset, limit: chunk });
      yield* items;
      if (items.length < chunk) return;
    }
  },

  async get(db: DbOrTx, visible: Visible, id: number): Promise<PointHealthFinding | null> {
    const r = await db.execute<PointHealthFinding>(sql`select ${findingColumns({ sweepId: 0, previousId: null }, undefined)} from ${findingFrom}
      where f.id = ${id} and ${visibleController(visible, sql`f.syrx_controller_id`)}`);
    return r.rows[0] ?? null;
  },

  async relinquishTarget(db: DbOrTx, visible: Visible, id: number): Promise<RelinquishTarget | null> {
    const r = await db.execute<RelinquishTarget>(sql`select f.id, f.category, f.syrx_controller_id::text, c.group_id, f.point_id, p.object_type,
        p.instance_number as object_instance, f.priority, f.present_value, dv.mac_address, dv.network, dv.destination_mac_address, dv.destination_network, dv.instance_number
      from point_health_findings f join syrx_controllers c on c.id = f.syrx_controller_id join bacnet_devices dv on dv.id = f.device_id
      left join bacnet_points p on p.id = f.point_id where f.id = ${id} and ${visible(sql`c.group_id`)}`);
    return r.rows[0] ?? null;
  },

  async markRelinquished(tx: DbOrTx, id: number, userId: number): Promise<void> {
    await tx.execute(sql`update point_health_findings set relinquished_at = now(), relinquished_by = ${userId} where id = ${id}`);
  },
};
