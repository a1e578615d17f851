import { and, eq, sql } from 'drizzle-orm';
import type { PointUploadResult } from '@syrx/contracts/points';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { bacnetDevices, bacnetPointUploadItems as items, bacnetPointUploads as uploads } from '../../db/schema/index.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type StagedPoint = Omit<typeof items.$inferInsert, 'uploadId'>;
export type ChangeSource = UploadRow['source'];

/** Uploads not completed within this long are discarded. */
export const uploadLifetime = '1 hour';

const count = async (tx: Tx, query: ReturnType<typeof sql>): Promise<number> => {
  const r = await tx.execute<{ n: number }>(query);
  return r.rows[0]?.n ?? 0;
};

export const pointUploadsRepo = {
  async deleteStale(db: DbOrTx): Promise<void> {
    await db.delete(uploads).where(sql`${uploads.createdAt} < now() - ${uploadLifetime}::interval`);
  },

  async insert(db: DbOrTx, deviceId: number, source: ChangeSource, databaseRevision: number | null): Promise<number> {
    const [row] = await db.insert(uploads).values({ deviceId, source, databaseRevision }).returning({ id: uploads.id });
    if (!row) throw new Error('upload not created');
    return row.id;
  },

  /** The upload, locked until the transaction ends so that batches and completion of one upload run one at a time. */
  async lock(tx: Tx, uploadId: number): Promise<UploadRow | null> {
    const [row] = await tx.select().from(uploads).where(and(eq(uploads.id, uploadId), sql`${uploads.createdAt} >= now() - ${uploadLifetime}::interval`)).for('update');
    return row ?? null;
  },

  async find(db: DbOrTx, uploadId: number): Promise<UploadRow | null> {
    const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
    return row ?? null;
  },

  async controllerOfDevice(db: DbOrTx, deviceId: number): Promise<string | null> {
    const [row] = await db.select({ id: bacnetDevices.syrxControllerId }).from(bacnetDevices).where(eq(bacnetDevices.id, deviceId));
    return row?.id ?? null;
  },

  /** Stages points (one statement); a point staged again replaces its earlier copy. Returns how many the upload holds. */
  async stage(tx: Tx, uploadId: number, points: StagedPoint[]): Promise<number> {
    if (points.length > 0) {
      await tx
        .insert(items)
        .values(points.map((p) => ({ ...p, uploadId })))
        .onConflictDoUpdate({
          target: [items.uploadId, items.objectType, items.instanceNumber],
          set: { name: sql`excluded.name`, description: sql`excluded.description`, units: sql`excluded.units`, objectTypeName: sql`excluded.object_type_name` },
        });
    }
    return count(tx, sql`select count(*)::int as n from ${items} where ${items.uploadId} = ${uploadId}`);
  },

  /**
   * Applies a staged upload to the device's points in set-based statements: points that reappeared, disappeared
   * (missed) and appeared are recorded as changes; every point in the upload is updated and marked seen.
   */
  async apply(tx: Tx, u: UploadRow, controllerId: string): Promise<PointUploadResult> {
    const d = u.deviceId;
    const change = (kind: string) => sql`${d}::int, ${kind}::text, ${u.source}::text, ${u.databaseRevision}::bigint`;
    const matchItem = sql`i.upload_id = ${u.id} and i.object_type = p.object_type and i.instance_number = p.instance_number`;
    const reappeared = await count(tx, sql`
      with re as (select p.id from bacnet_points p where p.device_id = ${d} and not p.is_available and exists (select 1 from bacnet_point_upload_items i where ${matchItem})),
      ch as (insert into bacnet_point_changes (point_id, device_id, change, source, database_revision) select id, ${change('reappeared')} from re returning 1)
      select count(*)::int as n from ch`);
    const disappeared = await count(tx, sql`
      with missed as (
        update bacnet_points p set is_available = false, last_missed_on = now()
        where p.device_id = ${d} and p.is_available and not exists (select 1 from bacnet_point_upload_items i where ${matchItem})
        returning p.id),
      ch as (insert into bacnet_point_changes (point_id, device_id, change, source, database_revision) select id, ${change('disappeared')} from missed returning 1)
      select count(*)::int as n from ch`);
    const appeared = await count(tx, sql`
      with added as (
        insert into bacnet_points (device_id, syrx_controller_id, object_type, object_type_name, instance_number, name, description, units, first_seen_on, last_seen_on, last_point_discovery, is_available)
        select ${d}::int, ${controllerId}::uuid, i.object_type, i.object_type_name, i.instance_number, i.name, i.description, i.units, now(), now(), now(), true
        from bacnet_point_upload_items i where i.upload_id = ${u.id}
        on conflict (device_id, object_type, instance_number) do nothing
        returning id),
      ch as (insert into bacnet_point_changes (point_id, device_id, change, source, database_revision) select id, ${change('appeared')} from added returning 1)
      select count(*)::int as n from ch`);
    await tx.execute(sql`
      update bacnet_points p set name = i.name, description = i.description, units = i.units, object_type_name = i.object_type_name,
        last_seen_on = now(), last_point_discovery = now(), is_available = true
      from bacnet_point_upload_items i
      where p.device_id = ${d} and ${matchItem} and p.last_seen_on is distinct from now()`);
    const total = await count(tx, sql`select count(*)::int as n from ${items} where ${items.uploadId} = ${u.id}`);
    return { total, appeared, disappeared, reappeared };
  },

  async markCompleted(tx: Tx, uploadId: number, result: PointUploadResult): Promise<void> {
    await tx.update(uploads).set({ completedAt: sql`now()`, result }).where(eq(uploads.id, uploadId));
    await tx.delete(items).where(eq(items.uploadId, uploadId));
  },

  /** Records the point discovery on the device; true when the revision the agent is told changed. */
  async touchDevice(tx: Tx, deviceId: number, databaseRevision: number | null): Promise<boolean> {
    const [before] = await tx.select({ rev: bacnetDevices.pointListRevision }).from(bacnetDevices).where(eq(bacnetDevices.id, deviceId)).for('update');
    await tx
      .update(bacnetDevices)
      .set({
        lastPointDiscovery: sql`now()`,
        databaseRevision: sql`coalesce(${databaseRevision}::bigint, ${bacnetDevices.databaseRevision})`,
        pointListRevision: sql`coalesce(${databaseRevision}::bigint, ${bacnetDevices.pointListRevision})`,
      })
      .where(eq(bacnetDevices.id, deviceId));
    return databaseRevision !== null && before?.rev !== databaseRevision;
  },
};
