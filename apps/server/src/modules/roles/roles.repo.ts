import { sql } from 'drizzle-orm';
import { filterableRoleFields, sortableRoleFields, type RoleUser } from '@syrx/contracts/roles';
import type { DbOrTx } from '../../db/client.ts';
import type { GridColumn } from '../../lib/grid-sql.ts';
import { namedGridReads } from './roles-grid.ts';

/** A role as stored (the service adds built_in). */
export type RoleRow = {
  id: number;
  name: string;
  permissions: string[];
};

const gridColumns: Record<keyof typeof filterableRoleFields, GridColumn> = {
  id: { expr: sql`r.id`, type: filterableRoleFields.id },
  name: { expr: sql`r.name`, type: filterableRoleFields.name },
  permissions: { expr: sql`array_to_string(r.permissions, ',')`, type: filterableRoleFields.permissions },
};
const grid = namedGridReads<RoleRow>({
  from: sql`roles r`, select: sql`r.id, r.name, r.permissions`, filterColumns: gridColumns,
  sortColumns: { id: sql`r.id`, name: sql`lower(r.name)` }, sortable: sortableRoleFields,
});

export const rolesRepo = {
  /** A page of roles, by name unless sorted otherwise; and their count. */
  list: grid.list,
  count: grid.count,

  async find(db: DbOrTx, id: number): Promise<RoleRow | null> {
    const r = await db.execute<RoleRow>(sql`select id, name, permissions from roles where id = ${id}`);
    return r.rows[0] ?? null;
  },

  /** Roles by id; ids that name no role are left out. */
  async findMany(db: DbOrTx, ids: readonly number[]): Promise<RoleRow[]> {
    const r = await db.execute<RoleRow>(sql`select id, name, permissions from roles where id = any(${sql.param([...ids])}::int[]) order by lower(name), id`);
    return r.rows;
  },

  async insert(db: DbOrTx, name: string, permissions: readonly string[]): Promise<number> {
    const r = await db.execute<{ id: number }>(sql`insert into roles (name, permissions) values (${name}, ${sql.param([...permissions])}::text[]) returning id`);
    return Number(r.rows[0]?.id);
  },

  /** False when there is no such role. */
  async update(db: DbOrTx, id: number, set: { name?: string; permissions?: readonly string[] }): Promise<boolean> {
    const parts = [
      ...(set.name !== undefined ? [sql`name = ${set.name}`] : []),
      ...(set.permissions !== undefined ? [sql`permissions = ${sql.param([...set.permissions])}::text[]`] : []),
    ];
    if (parts.length === 0) return (await rolesRepo.find(db, id)) !== null;
    const r = await db.execute(sql`update roles set ${sql.join(parts, sql`, `)} where id = ${id} returning id`);
    return r.rows.length > 0;
  },

  async delete(db: DbOrTx, id: number): Promise<boolean> {
    const r = await db.execute(sql`delete from roles where id = ${id} returning id`);
    return r.rows.length > 0;
  },

  async rolesOfUser(db: DbOrTx, userId: number): Promise<RoleRow[]> {
    const r = await db.execute<RoleRow>(sql`
      select r.id, r.name, r.permissions from roles r join user_roles ur on ur.role_id = r.id
      where ur.user_id = ${userId} order by lower(r.name), r.id`);
    return r.rows;
  },

  async replaceRolesOfUser(db: DbOrTx, userId: number, roleIds: readonly number[]): Promise<void> {
    await db.execute(sql`delete from user_roles where user_id = ${userId} and not (role_id = any(${sql.param([...roleIds])}::int[]))`);
    await db.execute(sql`
      insert into user_roles (user_id, role_id) select ${userId}, unnest(${sql.param([...roleIds])}::int[]) on conflict do nothing`);
  },

  async usersOfRole(db: DbOrTx, roleId: number): Promise<RoleUser[]> {
    const r = await db.execute<RoleUser>(sql`
      select u.id, u.username, u.first_name, u.last_name from users u join user_roles ur on ur.user_id = u.id
      where ur.role_id = ${roleId} order by lower(u.username), u.id`);
    return r.rows;
  },

  async addUser(db: DbOrTx, roleId: number, userId: number): Promise<void> {
    await db.execute(sql`insert into user_roles (user_id, role_id) values (${userId}, ${roleId}) on conflict do nothing`);
  },

  async removeUser(db: DbOrTx, roleId: number, userId: number): Promise<boolean> {
    const r = await db.execute(sql`delete from user_roles where role_id = ${roleId} and user_id = ${userId} returning user_id`);
    return r.rows.length > 0;
  },

  /** How many users hold the role (to keep the last administrator). */
  async holderCount(db: DbOrTx, roleId: number): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from user_roles where role_id = ${roleId}`);
    return r.rows[0]?.n ?? 0;
  },

  async userIdByLogin(db: DbOrTx, login: string): Promise<number | null> {
    const needle = login.trim().toLowerCase();
    const r = await db.execute<{ id: number }>(sql`
      select id from users where lower(username) = ${needle} or lower(email) = ${needle} order by id limit 1`);
    return r.rows[0]?.id ?? null;
  },

  async userExists(db: DbOrTx, userId: number): Promise<boolean> {
    const r = await db.execute(sql`select 1 from users where id = ${userId}`);
    return r.rows.length > 0;
  },

  /** The role of this name, compared without case. */
  async findByName(db: DbOrTx, name: string): Promise<RoleRow | null> {
    const r = await db.execute<RoleRow>(sql`select id, name, permissions from roles where lower(name) = lower(${name}) order by id limit 1`);
    return r.rows[0] ?? null;
  },
};
