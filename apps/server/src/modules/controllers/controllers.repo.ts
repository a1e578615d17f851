import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { SyrxController } from '@syrx/contracts/controllers';
import type { Sort } from '@syrx/contracts/grid';
import type { DbOrTx } from '../../db/client.ts';
import { renderedSelectList, renderedStatement } from '../../db/rendered-select.ts';
import { bacnetDevices, groups, syrxControllers } from '../../db/schema/index.ts';
import { inUuids } from '../../db/array-params.ts';

export type ControllerRow = typeof syrxControllers.$inferSelect;

const listColumns = {
  id: syrxControllers.id,
  group_id: syrxControllers.groupId,
  group_name: groups.name,
  name: syrxControllers.name,
  description: syrxControllers.description,
};
/** The columns a grid may sort by, by their wire names. */
const sortable: Record<string, SQL> = {
  id: sql`${syrxControllers.id}`,
  group_id: sql`${syrxControllers.groupId}`,
  group_name: sql`lower(${groups.name})`,
  name: sql`lower(${syrxControllers.name})`,
  description: sql`lower(${syrxControllers.description})`,
};
export const sortableControllerFields = Object.keys(sortable);

/** Which controllers a listing covers: a group's subtree, or every group the viewer sees (null = all). */
export type ControllerFilter = { subtreeOf: number } | { visibleTo: { userId: number } } | { all: true };

function filterSql(f: ControllerFilter): SQL {
  if ('subtreeOf' in f) {
    return sql`${syrxControllers.groupId} in (with recursive t(id) as (select ${f.subtreeOf}::int union select g.id from groups g join t on g.parent_id = t.id) select id from t)`;
  }
  if ('visibleTo' in f) {
    return sql`${syrxControllers.groupId} in (with recursive t(id) as (select group_id from group_memberships where user_id = ${f.visibleTo.userId} union select g.id from groups g join t on g.parent_id = t.id) select id from t)`;
  }
  return sql`true`;
}

/** The listing's filter and, when given, the gate the read carries. */
const whereOf = (filter: ControllerFilter, gate?: SQL): SQL => (gate ? sql`(${filterSql(filter)}) and ${gate}` : filterSql(filter));

/**
 * Access gates for lib/gated-read.ts, as SQL conditions with nothing but values from the caller: the controller, or a
 * device's controller, exists and is claimed into a group the viewer sees (`visible`: the groups service's condition),
 * the rule of the service's accessible and accessibleOfDevice. Not correlated with the read they gate, so PostgreSQL
 * evaluates each once per statement.
 */
export type VisibleGroup = (groupId: SQL) => SQL;
export const controllerGateSql = (controllerId: string, visible: VisibleGroup): SQL =>
  sql`exists (select 1 from ${syrxControllers} gc where gc.id = ${controllerId} and ${visible(sql`gc.group_id`)})`;
export const deviceGateSql = (deviceId: number, visible: VisibleGroup): SQL =>
  sql`exists (select 1 from ${bacnetDevices} gd inner join ${syrxControllers} gc on gc.id = gd.syrx_controller_id
    where gd.id = ${deviceId} and ${visible(sql`gc.group_id`)})`;

/** The controller of a BACnet device (rendered once: every change to a device's points asks it). */
const controllerOfDevice = renderedStatement(['deviceId'], (v) => sql`
  select ${renderedSelectList(listColumns)} from ${syrxControllers} left join ${groups} on ${eq(groups.id, syrxControllers.groupId)}
  where ${syrxControllers.id} = (select ${bacnetDevices.syrxControllerId} from ${bacnetDevices} where ${bacnetDevices.id} = ${v.deviceId})`);

export const controllersRepo = {
  /** `gate`: a condition the read carries (lib/gated-read.ts), such as "the listed subtree's group is one the caller sees". */
  async list(db: DbOrTx, filter: ControllerFilter, page: { offset: number; limit: number }, sort: Sort[], gate?: SQL): Promise<SyrxController[]> {
    const order = sort.map((s) => sql`${sortable[s.field]} ${s.dir === 'desc' ? sql`desc` : sql`asc`}`);
    return db
      .select(listColumns)
      .from(syrxControllers)
      .leftJoin(groups, eq(groups.id, syrxControllers.groupId))
      .where(whereOf(filter, gate))
      .orderBy(...order, sql`lower(${syrxControllers.name})`, syrxControllers.id)
      .offset(page.offset)
      .limit(page.limit);
  },

  async count(db: DbOrTx, filter: ControllerFilter, gate?: SQL): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${syrxControllers} where ${whereOf(filter, gate)}`);
    return r.rows[0]?.n ?? 0;
  },

  async find(db: DbOrTx, id: string): Promise<(SyrxController & { secretHash: string; claimedAt: Date | null }) | null> {
    const [row] = await db
      .select({ ...listColumns, secretHash: syrxControllers.secretHash, claimedAt: syrxControllers.claimedAt })
      .from(syrxControllers)
      .leftJoin(groups, eq(groups.id, syrxControllers.groupId))
      .where(eq(syrxControllers.id, id));
    return row ?? null;
  },

  /** The stored secret (its hash) of each of the controllers that exist. */
  async secretHashesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
    const rows = await db.select({ id: syrxControllers.id, secretHash: syrxControllers.secretHash }).from(syrxControllers).where(inUuids(syrxControllers.id, ids));
    return new Map(rows.map((r) => [r.id, r.secretHash]));
  },

  /** Replaces a controller's stored secret, unless it changed since `from` was read; whether it did. */
  async replaceSecretHash(db: DbOrTx, id: string, from: string, to: string): Promise<boolean> {
    const r = await db.update(syrxControllers).set({ secretHash: to })
      .where(and(eq(syrxControllers.id, id), eq(syrxControllers.secretHash, from))).returning({ id: syrxControllers.id });
    return r.length > 0;
  },

  /** Whether a gate (controllerGateSql, deviceGateSql) is open, asked alone. */
  async gateOpen(db: DbOrTx, gate: SQL): Promise<boolean> {
    const r = await db.execute<{ open: boolean }>(sql`select ${gate} as open`);
    return r.rows[0]?.open === true;
  },

  /** The controller a BACnet device belongs to (one query). */
  async findOfDevice(db: DbOrTx, deviceId: number): Promise<SyrxController | null> {
    const r = await db.execute<SyrxController>(controllerOfDevice({ deviceId }));
    return r.rows[0] ?? null;
  },

  async insert(db: DbOrTx, row: typeof syrxControllers.$inferInsert): Promise<void> {
    await db.insert(syrxControllers).values(row);
  },

  async update(db: DbOrTx, id: string, values: Partial<Pick<ControllerRow, 'name' | 'description' | 'groupId'>>): Promise<void> {
    await db.update(syrxControllers).set(values).where(eq(syrxControllers.id, id));
  },

  /** Claims an unclaimed controller into a group; false when it was claimed meanwhile. */
  async claim(db: DbOrTx, id: string, groupId: number): Promise<boolean> {
    const r = await db
      .update(syrxControllers)
      .set({ groupId, claimedAt: sql`now()` })
      .where(and(eq(syrxControllers.id, id), sql`${syrxControllers.groupId} is null`))
      .returning({ id: syrxControllers.id });
    return r.length > 0;
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(syrxControllers).where(eq(syrxControllers.id, id));
  },
};
