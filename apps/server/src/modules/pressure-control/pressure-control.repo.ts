import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PressurePointAddress, PressureTransmitter } from '@syrx/contracts/pressure-control';
import { pointObjectId } from '../../db/bacnet-object-id.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bacnetDevices as d, bacnetPoints as p, pressureControlConfigurations as cfg, pressureTransmitters as t, syrxControllers } from '../../db/schema/index.ts';
import { isoOf } from '../../lib/sql-dates.ts';

export type ConfigRow = typeof cfg.$inferSelect;
export type ConfigValues = Partial<Omit<typeof cfg.$inferInsert, 'syrxControllerId'>>;
export type TransmitterValues = Pick<typeof t.$inferInsert, 'num' | 'name' | 'transmitterHeight' | 'pointId'>;

const transmitterColumns = {
  id: t.id,
  syrx_controller_id: t.syrxControllerId,
  num: t.num,
  name: t.name,
  transmitter_height: t.transmitterHeight,
  syrx_controller_bacnet_point_id: t.pointId,
  last_value_date: isoOf(t.lastValueDate),
  last_pressure: t.lastPressure,
  last_normalized_pressure: t.lastNormalizedPressure,
  syrx_controller_bacnet_device_mac_address: d.macAddress,
  syrx_controller_bacnet_point_object_id: pointObjectId,
  syrx_controller_bacnet_device_name: d.name,
  syrx_controller_bacnet_point_name: p.name,
};

/** The pressure control configuration and transmitters of controllers, and the points they use. */
export const pressureControlRepo = {
  async groupOf(db: DbOrTx, controllerId: string): Promise<number | null> {
    const [row] = await db.select({ groupId: syrxControllers.groupId }).from(syrxControllers).where(eq(syrxControllers.id, controllerId));
    return row?.groupId ?? null;
  },

  async config(db: DbOrTx, controllerId: string): Promise<ConfigRow | null> {
    const [row] = await db.select().from(cfg).where(eq(cfg.syrxControllerId, controllerId));
    return row ?? null;
  },

  /** Creates the row with the values given (defaults for the rest) or changes those values. */
  async saveConfig(db: DbOrTx, controllerId: string, values: ConfigValues): Promise<void> {
    const set = { ...values, updatedAt: sql`now()` };
    await db.insert(cfg).values({ syrxControllerId: controllerId, ...values }).onConflictDoUpdate({ target: cfg.syrxControllerId, set });
  },

  listTransmitters(db: DbOrTx, controllerId: string): Promise<PressureTransmitter[]> {
    return db.select(transmitterColumns).from(t).innerJoin(p, eq(p.id, t.pointId)).innerJoin(d, eq(d.id, p.deviceId))
      .where(eq(t.syrxControllerId, controllerId)).orderBy(asc(t.num));
  },

  async transmitter(db: DbOrTx, controllerId: string, id: number): Promise<PressureTransmitter | null> {
    const [row] = await db.select(transmitterColumns).from(t).innerJoin(p, eq(p.id, t.pointId)).innerJoin(d, eq(d.id, p.deviceId))
      .where(and(eq(t.syrxControllerId, controllerId), eq(t.id, id)));
    return row ?? null;
  },

  async nextNum(db: DbOrTx, controllerId: string): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select coalesce(max(${t.num}), 0)::int + 1 as n from ${t} where ${t.syrxControllerId} = ${controllerId}`);
    return r.rows[0]?.n ?? 1;
  },

  async insertTransmitter(db: DbOrTx, controllerId: string, v: TransmitterValues): Promise<number> {
    const [row] = await db.insert(t).values({ syrxControllerId: controllerId, ...v }).returning({ id: t.id });
    if (!row) throw new Error('transmitter not created');
    return row.id;
  },

  async updateTransmitter(db: DbOrTx, controllerId: string, id: number, v: TransmitterValues): Promise<boolean> {
    const r = await db.update(t).set(v).where(and(eq(t.syrxControllerId, controllerId), eq(t.id, id))).returning({ id: t.id });
    return r.length > 0;
  },

  async deleteTransmitter(db: DbOrTx, controllerId: string, id: number): Promise<boolean> {
    const r = await db.delete(t).where(and(eq(t.syrxControllerId, controllerId), eq(t.id, id))).returning({ id: t.id });
    return r.length > 0;
  },

  /** Which of these point ids are points of the controller. */
  async pointsOfController(db: DbOrTx, controllerId: string, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db.select({ id: p.id }).from(p).where(and(eq(p.syrxControllerId, controllerId), inArray(p.id, ids)));
    return new Set(rows.map((r) => r.id));
  },

  /** Points as the status panel names them, by id. */
  async pointSummaries(db: DbOrTx, ids: number[]) {
    if (ids.length === 0) return new Map<number, never>();
    const rows = await db
      .select({
        syrx_controller_bacnet_point_id: p.id, syrx_controller_bacnet_point_name: p.name, syrx_controller_bacnet_point_object_id: pointObjectId,
        syrx_controller_bacnet_device_name: d.name, syrx_controller_bacnet_device_mac_address: d.macAddress, units: p.units,
      })
      .from(p).innerJoin(d, eq(d.id, p.deviceId)).where(inArray(p.id, ids));
    return new Map(rows.map((r) => [r.syrx_controller_bacnet_point_id, r]));
  },

  /** Points as the agent reaches them (device address, object, units), by id. */
  async pointAddresses(db: DbOrTx, ids: number[]): Promise<Map<number, PressurePointAddress>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: p.id, mac_address: d.macAddress, network: d.network, destination_mac_address: d.destinationMacAddress, destination_network: d.destinationNetwork,
        device_instance_number: d.instanceNumber, object_type: p.objectType, instance_number: p.instanceNumber, units: p.units,
      })
      .from(p).innerJoin(d, eq(d.id, p.deviceId)).where(inArray(p.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  },

  /** The last values of the controller's transmitters that the agent reported (ids of other controllers are ignored). */
  async recordTransmitters(db: DbOrTx, controllerId: string, readings: { id: number; pressure: number; normalized: number; timestamp: number }[]): Promise<void> {
    for (const r of readings) {
      await db.update(t)
        .set({ lastPressure: r.pressure, lastNormalizedPressure: r.normalized, lastValueDate: new Date(r.timestamp) })
        .where(and(eq(t.syrxControllerId, controllerId), eq(t.id, r.id)));
    }
  },
};
