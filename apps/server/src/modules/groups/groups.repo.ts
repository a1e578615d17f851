import { type SQL, sql } from 'drizzle-orm';
import type { GroupNode, GroupRef } from '@syrx/contracts/groups';
import type { DbOrTx } from '../../db/client.ts';
import { groupMemberships, groups } from '../../db/schema/index.ts';
import type { GroupViewer } from '../../security/actor.ts';

/** SQL for the ids of the groups a viewer may see (their memberships and all descendants). */
function visibleIdsSql(viewer: GroupViewer) {
  if (viewer.allowAll) return sql`select id from ${groups}`;
  return sql`
    with recursive visible(id) as (
      select group_id from ${groupMemberships} where user_id = ${viewer.userId}
      union
      select g.id from ${groups} g join visible v on g.parent_id = v.id
    ) select id from visible`;
}

/**
 * An SQL condition: the group (an expression, e.g. a row's group_id) is one the viewer sees. For a viewer who sees every
 * group, any group; a row in no group (an unclaimed controller) is never visible.
 */
export function visibleGroupSql(viewer: GroupViewer, groupId: SQL): SQL {
  return viewer.allowAll ? sql`${groupId} is not null` : sql`${groupId} in (${visibleIdsSql(viewer)})`;
}

/** An SQL condition: the group with this id exists and the viewer sees it (groupsRepo.isVisible's rule, for a read to carry). */
export function groupSeenSql(viewer: GroupViewer, groupId: number): SQL {
  return sql`exists (select 1 from (${visibleIdsSql(viewer)}) v where v.id = ${groupId})`;
}

const nodeColumns = sql`g.id, g.name, exists(select 1 from ${groups} c where c.parent_id = g.id) as has_children`;

export const groupsRepo = {
  async isVisible(db: DbOrTx, viewer: GroupViewer, groupId: number): Promise<boolean> {
    const r = await db.execute(sql`select 1 where ${groupSeenSql(viewer, groupId)}`);
    return r.rows.length > 0;
  },

  async visibleIds(db: DbOrTx, viewer: GroupViewer): Promise<number[]> {
    const r = await db.execute<{ id: number }>(visibleIdsSql(viewer));
    return r.rows.map((x) => x.id);
  },

  /** Visible groups whose parent the viewer cannot see (or that have none): the roots of the viewer's tree. */
  async visibleRoots(db: DbOrTx, viewer: GroupViewer): Promise<GroupNode[]> {
    const r = await db.execute<GroupNode>(sql`
      with v as (${visibleIdsSql(viewer)})
      select ${nodeColumns} from ${groups} g
      where g.id in (select id from v) and (g.parent_id is null or g.parent_id not in (select id from v))
      order by lower(g.name), g.id`);
    return r.rows;
  },

  async children(db: DbOrTx, parentId: number): Promise<GroupNode[]> {
    const r = await db.execute<GroupNode>(sql`
      select ${nodeColumns} from ${groups} g where g.parent_id = ${parentId} order by lower(g.name), g.id`);
    return r.rows;
  },

  async findRef(db: DbOrTx, groupId: number): Promise<GroupRef | null> {
    const r = await db.execute<GroupRef>(sql`select id, name from ${groups} where id = ${groupId}`);
    return r.rows[0] ?? null;
  },

  /** The first group of the viewer's tree, used as the current group when none is set. */
  async firstVisible(db: DbOrTx, viewer: GroupViewer): Promise<GroupRef | null> {
    const r = await db.execute<GroupRef>(sql`
      select g.id, g.name from ${groups} g
      where g.id in (select group_id from ${groupMemberships} where user_id = ${viewer.userId})
      order by g.id limit 1`);
    return r.rows[0] ?? null;
  },

  async insert(db: DbOrTx, name: string, parentId: number | null): Promise<number> {
    const [row] = await db.insert(groups).values({ name, parentId }).returning({ id: groups.id });
    if (!row) throw new Error('group insert returned nothing');
    return row.id;
  },

  async findRootGroupId(db: DbOrTx): Promise<number | null> {
    const r = await db.execute<{ id: number }>(sql`select id from ${groups} where parent_id is null order by id limit 1`);
    return r.rows[0]?.id ?? null;
  },

  async findChildByName(db: DbOrTx, parentId: number | null, name: string): Promise<number | null> {
    const parentCondition = parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`;
    const r = await db.execute<{ id: number }>(sql`select id from ${groups} where ${parentCondition} and name = ${name} limit 1`);
    return r.rows[0]?.id ?? null;
  },

  async addMember(db: DbOrTx, userId: number, groupId: number, isGroupAdmin: boolean): Promise<void> {
    await db.insert(groupMemberships).values({ userId, groupId, isGroupAdmin }).onConflictDoNothing();
  },
};
