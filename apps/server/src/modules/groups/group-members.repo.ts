import { type SQL, sql } from 'drizzle-orm';
import type { GroupController, GroupMember } from '@syrx/contracts/groups';
import type { DbOrTx } from '../../db/client.ts';
import { groupMemberships, syrxControllers, users } from '../../db/schema/index.ts';
import type { GroupViewer } from '../../security/actor.ts';
import { visibleGroupSql } from './groups.repo.ts';

const memberColumns = sql`u.id, u.username, u.email, u.first_name, u.last_name`;

/** The users a viewer sees: every user for groups_allow_all, else the members of the groups the viewer sees. */
function visibleUserSql(viewer: GroupViewer, userId: SQL): SQL {
  if (viewer.allowAll) return sql`true`;
  return sql`exists (select 1 from ${groupMemberships} vm where vm.user_id = ${userId} and ${visibleGroupSql(viewer, sql`vm.group_id`)})`;
}

/** A group's direct members, the users one may add, and the group's own controllers. */
export const groupMembersRepo = {
  async members(db: DbOrTx, groupId: number): Promise<GroupMember[]> {
    const r = await db.execute<GroupMember>(sql`
      select ${memberColumns} from ${users} u join ${groupMemberships} m on m.user_id = u.id
      where m.group_id = ${groupId} order by lower(u.username), u.id`);
    return r.rows;
  },

  /** Of these user ids, those of users the viewer sees. */
  async visibleUserIds(db: DbOrTx, viewer: GroupViewer, ids: readonly number[]): Promise<Set<number>> {
    const r = await db.execute<{ id: number }>(sql`
      select u.id from ${users} u where u.id = any(${sql.param([...ids])}::int[]) and ${visibleUserSql(viewer, sql`u.id`)}`);
    return new Set(r.rows.map((x) => x.id));
  },

  /** Users the viewer sees who are not direct members, whose username, e-mail or name contains `q`; the first `limit` by username. */
  async candidates(db: DbOrTx, viewer: GroupViewer, groupId: number, q: string, limit: number): Promise<GroupMember[]> {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const r = await db.execute<GroupMember>(sql`
      select ${memberColumns} from ${users} u
      where ${visibleUserSql(viewer, sql`u.id`)}
        and not exists (select 1 from ${groupMemberships} m where m.user_id = u.id and m.group_id = ${groupId})
        and (lower(u.username) like ${like} or lower(coalesce(u.email, '')) like ${like} or lower(u.first_name || ' ' || u.last_name) like ${like})
      order by lower(u.username), u.id limit ${limit}`);
    return r.rows;
  },

  /** Makes exactly these users the group's direct members; those who stay keep their group-administrator mark. */
  async replaceMembers(db: DbOrTx, groupId: number, userIds: readonly number[]): Promise<void> {
    const ids = sql.param([...userIds]);
    await db.execute(sql`delete from ${groupMemberships} where group_id = ${groupId} and not (user_id = any(${ids}::int[]))`);
    await db.execute(sql`
      insert into ${groupMemberships} (user_id, group_id) select unnest(${ids}::int[]), ${groupId} on conflict do nothing`);
  },

  async controllers(db: DbOrTx, groupId: number): Promise<GroupController[]> {
    const r = await db.execute<GroupController>(sql`
      select id, name, description from ${syrxControllers} where group_id = ${groupId} order by lower(name), id`);
    return r.rows;
  },
};
