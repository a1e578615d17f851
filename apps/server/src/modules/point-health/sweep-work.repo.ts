import { sql } from 'drizzle-orm';
import type { DeviceAddress } from '@syrx/contracts/bacnet';
import type { DbOrTx } from '../../db/client.ts';
import { isoOf } from '../../lib/sql-dates.ts';

/**
 * Object types a sweep reads: those with a present-value and status flags (analog, binary and multi-state inputs,
 * outputs and values, loop, accumulator, pulse converter, and the value objects of 2008 on); not the device object, files,
 * schedules, trend logs, notification classes.
 */
export const sweptObjectTypes: readonly number[] = [0, 1, 2, 3, 4, 5, 12, 13, 14, 19, 23, 24, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48];

export type SweepDevice = DeviceAddress & {
  id: number;
  syrx_controller_id: string;
}

export type SweepPoint = {
  id: number;
  object_type: number;
  instance_number: number;
}

export type StalePoint = {
  point_id: number;
  device_id: number;
  latest_record_on: Date | null;
}

export const sweepWorkRepo = {
  /** The controllers' devices a sweep reads (not ignored), one controller after another. */
  async devicesOf(db: DbOrTx, controllerIds: string[]): Promise<SweepDevice[]> {
    if (controllerIds.length === 0) return [];
    const r = await db.execute<SweepDevice>(sql`select d.id, d.syrx_controller_id::text, d.mac_address, d.network, d.destination_mac_address,
      d.destination_network, d.instance_number from bacnet_devices d
      where d.syrx_controller_id = any(${sql.param(controllerIds)}::uuid[]) and not d.ignored order by d.syrx_controller_id, d.instance_number`);
    return r.rows;
  },

  /** A device's points that the device still lists, of the types a sweep reads. */
  async pointsOf(db: DbOrTx, deviceId: number): Promise<SweepPoint[]> {
    const r = await db.execute<SweepPoint>(sql`select p.id, p.object_type, p.instance_number from bacnet_points p
      where p.device_id = ${deviceId} and p.is_available and p.object_type = any(${sql.param([...sweptObjectTypes])}::int[]) order by p.object_type, p.instance_number`);
    return r.rows;
  },

  /** Points selected for reporting (of devices not ignored) whose latest record is older than `seconds`, or that have none. */
  async stalePoints(db: DbOrTx, controllerId: string, seconds: number): Promise<StalePoint[]> {
    const r = await db.execute<{ point_id: number; device_id: number; latest_record_on: string | null }>(sql`
      select p.id as point_id, p.device_id, ${isoOf(sql`dp.latest_record_on`)} as latest_record_on from bacnet_points p join bacnet_devices d on d.id = p.device_id
      left join data_points dp on dp.bacnet_point_id = p.id
      where p.syrx_controller_id = ${controllerId} and p.reporting_is_selected_for_reporting and not d.ignored
        and (dp.latest_record_on is null or dp.latest_record_on < now() - make_interval(secs => ${seconds}))
      order by p.id`);
    return r.rows.map((x) => ({ ...x, latest_record_on: x.latest_record_on === null ? null : new Date(x.latest_record_on) }));
  },
};
