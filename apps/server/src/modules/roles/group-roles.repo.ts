import { type SQL, sql } from 'drizzle-orm';
import {
  type GroupPermission, type GroupRole, type GroupRoleHolder, type UserGroupRoles, filterableGroupRoleFields, sortableGroupRoleFields,
} from '@syrx/contracts/roles';
import type { DbOrTx } from '../../db/client.ts';
import type { GridColumn } from '../../lib/grid-sql.ts';
import { namedGridReads } from './roles-grid.ts';

/** Which groups' assignments a reader sees: every group, or the listed ones. */
export type GroupScope = { all: true } | { groupIds: number[] };

const inScope = (col: SQL, scope: GroupScope): SQL => ('all' in scope ? sql`true` : sql`${col} = any(${sql.param(scope.groupIds)}::int[])`);

const gridColumns: Record<keyof typeof filterableGroupRoleFields, GridColumn> = {
  id: { expr: sql`gr.id`, type: filterableGroupRoleFields.id },
  name: { expr: sql`gr.name`, type: filterableGroupRoleFields.name },
  description: { expr: sql`gr.description`, type: filterableGroupRoleFields.description },
};

/** The wire row (contracts' groupRoleSchema) of `group_roles gr`, its group permissions by id. */
const groupRoleColumns = sql`gr.id, gr.name, gr.description, coalesce((
  select json_agg(json_build_object('id', gp.id, 'description', gp.description) order by gp.id)
  from group_role_permissions grp join group_permissions gp on gp.id = grp.group_permission_id
  where grp.group_role_id = gr.id), '[]'::json) as group_permissions`;

const grid = namedGridReads<GroupRole>({
  from: sql`group_roles gr`, select: groupRoleColumns, filterColumns: gridColumns,
  sortColumns: { id: sql`gr.id`, name: sql`lower(gr.name)`, description: sql`lower(gr.description)` }, sortable: sortableGroupRoleFields,
});

export const groupRolesRepo = {
  /** Adds the catalogue's group permissions and refreshes their descriptions; others are left as they are. */
  async seedPermissions(db: DbOrTx, catalogue: readonly GroupPermission[]): Promise<void> {
    await db.execute(sql`
      insert into group_permissions (id, description)
      select * from unnest(${sql.param(catalogue.map((p) => p.id))}::text[], ${sql.param(catalogue.map((p) => p.description))}::text[])
      on conflict (id) do update set description = excluded.description`);
  },

  async permissions(db: DbOrTx): Promise<GroupPermission[]> {
    const r = await db.execute<GroupPermission>(sql`select id, description from group_permissions order by id`);
    return r.rows;
  },

  /** The ids among these that are group permissions. */
  async knownPermissionIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
    const r = await db.execute<{ id: string }>(sql`select id from group_permissions where id = any(${sql.param([...ids])}::text[])`);
    return new Set(r.rows.map((x) => x.id));
  },

  /** A page of group roles, by name unless sorted otherwise; and their count. */
  list: grid.list,
  count: grid.count,

  async find(db: DbOrTx, id: number): Promise<GroupRole | null> {
    const r = await db.execute<GroupRole>(sql`select ${groupRoleColumns} from group_roles gr where gr.id = ${id}`);
    return r.rows[0] ?? null;
  },

  /** The group role of this name, compared without case. */
  async findIdByName(db: DbOrTx, name: string): Promise<number | null> {
    const r = await db.execute<{ id: number }>(sql`select id from group_roles where lower(name) = lower(${name}) order by id limit 1`);
    return r.rows[0]?.id ?? null;
  },

  /** The ids among these that are group roles. */
  async existingIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
    const r = await db.execute<{ id: number }>(sql`select id from group_roles where id = any(${sql.param([...ids])}::int[])`);
    return new Set(r.rows.map((x) => x.id));
  },

  async insert(db: DbOrTx, name: string, description: string): Promise<number> {
    const r = await db.execute<{ id: number }>(sql`insert into group_roles (name, description) values (${name}, ${description}) returning id`);
    return Number(r.rows[0]?.id);
  },

  async update(db: DbOrTx, id: number, name: string, description: string): Promise<boolean> {
    const r = await db.execute(sql`update group_roles set name = ${name}, description = ${description} where id = ${id} returning id`);
    return r.rows.length > 0;
  },

  async delete(db: DbOrTx, id: number): Promise<boolean> {
    const r = await db.execute(sql`delete from group_roles where id = ${id} returning id`);
    return r.rows.length > 0;
  },

  async replacePermissions(db: DbOrTx, id: number, permissionIds: readonly string[]): Promise<void> {
    await db.execute(sql`delete from group_role_permissions where group_role_id = ${id}`);
    await db.execute(sql`
      insert into group_role_permissions (group_role_id, group_permission_id)
      select ${id}, unnest(${sql.param([...permissionIds])}::text[]) on conflict do nothing`);
  },

  /** A user's group roles, one entry per group in scope, by group name. */
  async ofUser(db: DbOrTx, userId: number, scope: GroupScope, groupId?: number): Promise<UserGroupRoles[]> {
    const r = await db.execute<UserGroupRoles>(sql`
      select ugr.group_id, g.name as group_name,
        json_agg(json_build_object('id', gr.id, 'name', gr.name) order by lower(gr.name), gr.id) as group_roles
      from user_group_roles ugr join groups g on g.id = ugr.group_id join group_roles gr on gr.id = ugr.group_role_id
      where ugr.user_id = ${userId} and ${inScope(sql`ugr.group_id`, scope)} and ${groupId === undefined ? sql`true` : sql`ugr.group_id = ${groupId}`}
      group by ugr.group_id, g.name order by lower(g.name), ugr.group_id`);
    return r.rows;
  },

  async groupName(db: DbOrTx, groupId: number): Promise<string> {
    const r = await db.execute<{ name: string }>(sql`select name from groups where id = ${groupId}`);
    return r.rows[0]?.name ?? '';
  },

  async replaceOfUser(db: DbOrTx, userId: number, groupId: number, groupRoleIds: readonly number[]): Promise<void> {
    await db.execute(sql`delete from user_group_roles where user_id = ${userId} and group_id = ${groupId}`);
    await db.execute(sql`
      insert into user_group_roles (user_id, group_id, group_role_id)
      select ${userId}, ${groupId}, unnest(${sql.param([...groupRoleIds])}::int[]) on conflict do nothing`);
  },

  /** Who holds a group role where: the holders in groups in scope, by username then group. */
  async holders(db: DbOrTx, groupRoleId: number, scope: GroupScope): Promise<GroupRoleHolder[]> {
    const r = await db.execute<GroupRoleHolder>(sql`
      select u.id as user_id, u.username, g.id as group_id, g.name as group_name
      from user_group_roles ugr join users u on u.id = ugr.user_id join groups g on g.id = ugr.group_id
      where ugr.group_role_id = ${groupRoleId} and ${inScope(sql`ugr.group_id`, scope)}
      order by lower(u.username), u.id, lower(g.name), g.id`);
    return r.rows;
  },

  async addHolder(db: DbOrTx, groupRoleId: number, userId: number, groupId: number): Promise<void> {
    await db.execute(sql`insert into user_group_roles (user_id, group_id, group_role_id) values (${userId}, ${groupId}, ${groupRoleId}) on conflict do nothing`);
  },

  async removeHolder(db: DbOrTx, groupRoleId: number, userId: number, groupId: number): Promise<boolean> {
    const r = await db.execute(sql`
      delete from user_group_roles where group_role_id = ${groupRoleId} and user_id = ${userId} and group_id = ${groupId} returning user_id`);
    return r.rows.length > 0;
  },
};
