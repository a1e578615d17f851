import { type SQL, sql } from 'drizzle-orm';
import type { GroupDependent, GroupRef } from '@syrx/contracts/groups';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts, contacts, equipments, groupMemberships, groupPoints, groups, projects, purchaseOrders, syrxControllers, userGroupRoles,
} from '../../db/schema/index.ts';
import type { GroupViewer } from '../../security/actor.ts';
import { visibleGroupSql } from './groups.repo.ts';

/** A group as stored. */
export type GroupRow = {
  id: number;
  name: string;
  parent_id: number | null;
  require_two_factor: boolean;
};

export interface GroupValues {
  name: string;
  parentId: number | null;
  requireTwoFactor: boolean;
}

/** Each table whose rows hang on a group, by what the 409 calls them. */
const dependentCounts: Record<GroupDependent, SQL> = {
  members: sql`select count(*) from ${groupMemberships} where group_id = g.id`,
  subgroups: sql`select count(*) from ${groups} c where c.parent_id = g.id`,
  controllers: sql`select count(*) from ${syrxControllers} where group_id = g.id`,
  accounts: sql`select count(*) from ${accounts} where group_id = g.id`,
  projects: sql`select count(*) from ${projects} where group_id = g.id`,
  contacts: sql`select count(*) from ${contacts} where group_id = g.id`,
  equipment: sql`select count(*) from ${equipments} where group_id = g.id`,
  group_points: sql`select count(*) from ${groupPoints} where group_id = g.id`,
  orders: sql`select count(*) from ${purchaseOrders} where group_id = g.id`,
  group_role_holders: sql`select count(*) from ${userGroupRoles} where group_id = g.id`,
};
const countsOf = (names: readonly GroupDependent[]) => sql.join(names.map((n) => sql`(${dependentCounts[n]})::int as ${sql.identifier(n)}`), sql`, `);

/** Group administration's SQL: one group, where it is in the tree, what hangs on it, and its changes. */
export const groupsAdminRepo = {
  async find(db: DbOrTx, id: number): Promise<GroupRow | null> {
    const r = await db.execute<GroupRow>(sql`select id, name, parent_id, require_two_factor from ${groups} where id = ${id}`);
    return r.rows[0] ?? null;
  },

  /** The groups above this one that the viewer sees, from the top down. */
  async visibleAncestors(db: DbOrTx, viewer: GroupViewer, id: number): Promise<GroupRef[]> {
    const r = await db.execute<GroupRef>(sql`
      with recursive up(id, name, parent_id, depth) as (
        select p.id, p.name, p.parent_id, 1 from ${groups} p where p.id = (select parent_id from ${groups} where id = ${id})
        union all
        select g.id, g.name, g.parent_id, up.depth + 1 from ${groups} g join up on g.id = up.parent_id where up.depth < 1000
      ) select id, name from up where ${visibleGroupSql(viewer, sql`up.id`)} order by depth desc`);
    return r.rows;
  },

  /** Is `candidate` the group `id` or one below it? */
  async isSelfOrBelow(db: DbOrTx, id: number, candidate: number): Promise<boolean> {
    const r = await db.execute(sql`
      with recursive down(id) as (select ${id}::int union select g.id from ${groups} g join down on g.parent_id = down.id)
      select 1 from down where id = ${candidate}`);
    return r.rows.length > 0;
  },

  /** Another group of that name (without case) beside where this one would be (null parent: the top level). */
  async siblingNamed(db: DbOrTx, parentId: number | null, name: string, exceptId: number | null): Promise<number | null> {
    const parent = parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`;
    const r = await db.execute<{ id: number }>(sql`
      select id from ${groups} where ${parent} and lower(name) = lower(${name}) and id is distinct from ${exceptId}::int limit 1`);
    return r.rows[0]?.id ?? null;
  },

  /** What hangs on the group, by kind (the detail's counts, the 409 of a delete). */
  async dependents<K extends GroupDependent>(db: DbOrTx, id: number, names: readonly K[]): Promise<Record<K, number>> {
    const r = await db.execute<Record<K, number>>(sql`select ${countsOf(names)} from ${groups} g where g.id = ${id}`);
    const row = r.rows[0];
    if (!row) throw new Error(`no group ${id} to count the dependents of`);
    return row;
  },

  async insert(db: DbOrTx, v: GroupValues): Promise<number> {
    const [row] = await db.insert(groups).values({ name: v.name, parentId: v.parentId, requireTwoFactor: v.requireTwoFactor }).returning({ id: groups.id });
    if (!row) throw new Error('group insert returned nothing');
    return row.id;
  },

  async update(db: DbOrTx, id: number, v: GroupValues): Promise<void> {
    await db.execute(sql`update ${groups} set name = ${v.name}, parent_id = ${v.parentId}, require_two_factor = ${v.requireTwoFactor} where id = ${id}`);
  },

  async delete(db: DbOrTx, id: number): Promise<void> {
    await db.execute(sql`delete from ${groups} where id = ${id}`);
  },

  /** Serializes changes of the tree (moves, names among siblings) across requests and instances, to the end of the transaction. */
  async lockTree(db: DbOrTx): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('syrx_group_tree'))`);
  },
};
