import { type SQL, and, sql } from 'drizzle-orm';
import type { GridFilter, Sort } from '@syrx/contracts/grid';
import { type UserSummary, type filterableUserFields, sortableUserFields } from '@syrx/contracts/users';
import type { DbOrTx } from '../../db/client.ts';
import { type GridColumn, filtersSqlOf, orderByOf } from '../../lib/grid-sql.ts';
import { isoOf } from '../../lib/sql-dates.ts';

/** Which groups a reader sees: every group (groups_allow_all), or the listed ones. */
export type GroupScope = { all: true } | { groupIds: number[] };

const inScope = (groupId: SQL, scope: GroupScope): SQL =>
  'all' in scope ? sql`true` : sql`${groupId} = any(${sql.param(scope.groupIds)}::int[])`;

/** A user the reader may manage: a member of a group they see (with every group in scope, any user). */
const visibleUser = (scope: GroupScope): SQL =>
  'all' in scope ? sql`true` : sql`exists (select 1 from group_memberships m where m.user_id = u.id and ${inScope(sql`m.group_id`, scope)})`;

const status = sql`case when u.deactivated_at is not null then 'deactivated' when u.invited_at is not null then 'invited' else 'active' end`;
const groupNames = (scope: GroupScope) => sql`(select string_agg(g.name, ', ' order by lower(g.name)) from group_memberships m
  join groups g on g.id = m.group_id where m.user_id = u.id and ${inScope(sql`m.group_id`, scope)})`;
const roleNames = sql`(select string_agg(r.name, ', ' order by lower(r.name)) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id)`;

/** The wire row (contracts' userSummarySchema) of `users u`, its groups those in scope. */
const rowColumns = (scope: GroupScope) => sql`u.id, u.username, u.email, u.first_name, u.last_name, ${status} as status,
  coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by lower(g.name), g.id)
    from group_memberships m join groups g on g.id = m.group_id where m.user_id = u.id and ${inScope(sql`m.group_id`, scope)}), '[]'::json) as groups,
  coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by lower(r.name), r.id)
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'::json) as roles,
  ${isoOf(sql`u.last_sign_in_at`)} as last_sign_in_at, ${isoOf(sql`u.invited_at`)} as invited_at, ${isoOf(sql`u.deactivated_at`)} as deactivated_at`;

const filterColumns = (scope: GroupScope): Record<keyof typeof filterableUserFields, GridColumn> => ({
  id: { expr: sql`u.id`, type: 'number' },
  name: { expr: sql`(u.first_name || ' ' || u.last_name)`, type: 'string' },
  email: { expr: sql`u.email`, type: 'string' },
  status: { expr: status, type: 'string' },
  groups: { expr: groupNames(scope), type: 'string' },
  roles: { expr: roleNames, type: 'string' },
  last_sign_in_at: { expr: sql`u.last_sign_in_at`, type: 'date' },
});
const sortColumns: Record<(typeof sortableUserFields)[number], SQL | SQL[]> = {
  id: sql`u.id`,
  name: [sql`lower(u.first_name)`, sql`lower(u.last_name)`],
  email: sql`lower(u.email)`,
  status,
  last_sign_in_at: sql`u.last_sign_in_at`,
};

const whereOf = (scope: GroupScope, filters: GridFilter[] | undefined): SQL =>
  and(visibleUser(scope), filtersSqlOf(filters, filterColumns(scope))) ?? sql`true`;

/** Holds users_manage through a role, is not deactivated and has accepted their invitation. */
const activeUserManager = sql`u.deactivated_at is null and u.invited_at is null and exists (select 1 from user_roles ur
  join roles r on r.id = ur.role_id where ur.user_id = u.id and 'users_manage' = any(r.permissions))`;

export const usersAdminRepo = {
  /** A page of the users the reader sees, by name unless sorted otherwise. */
  async list(db: DbOrTx, scope: GroupScope, q: { filters: GridFilter[] | undefined; sort: Sort[] | undefined }, page: { offset: number; limit: number }): Promise<UserSummary[]> {
    const order = [...orderByOf(q.sort, sortColumns, sortableUserFields), ...(sortColumns.name as SQL[]), sql`u.id`];
    const r = await db.execute<UserSummary>(sql`select ${rowColumns(scope)} from users u where ${whereOf(scope, q.filters)}
      order by ${sql.join(order, sql`, `)} offset ${page.offset} limit ${page.limit}`);
    return r.rows;
  },

  async count(db: DbOrTx, scope: GroupScope, filters: GridFilter[] | undefined): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${whereOf(scope, filters)}`);
    return r.rows[0]?.n ?? 0;
  },

  /** The user as the reader sees them; null when there is none or they are in no group the reader sees. */
  async find(db: DbOrTx, scope: GroupScope, id: number): Promise<UserSummary | null> {
    const r = await db.execute<UserSummary>(sql`select ${rowColumns(scope)} from users u where u.id = ${id} and ${visibleUser(scope)}`);
    return r.rows[0] ?? null;
  },

  /** Is there a user with this username or e-mail address (without case)? */
  async loginTaken(db: DbOrTx, email: string): Promise<boolean> {
    const r = await db.execute(sql`select 1 from users where lower(username) = lower(${email}) or lower(email) = lower(${email}) limit 1`);
    return r.rows.length > 0;
  },

  /** An invited user: the password matches nothing until they choose one through the invitation. */
  async insertInvited(db: DbOrTx, u: { email: string; firstName: string; lastName: string; groupId: number; invitedBy: number; passwordHash: string }): Promise<number> {
    const r = await db.execute<{ id: number }>(sql`
      insert into users (username, email, password_hash, first_name, last_name, current_group_id, invited_at, invited_by)
      values (${u.email}, ${u.email}, ${u.passwordHash}, ${u.firstName}, ${u.lastName}, ${u.groupId}, now(), ${u.invitedBy}) returning id`);
    return Number(r.rows[0]?.id);
  },

  async deleteUser(db: DbOrTx, id: number): Promise<void> {
    await db.execute(sql`delete from users where id = ${id}`);
  },

  async setNames(db: DbOrTx, id: number, firstName: string, lastName: string): Promise<void> {
    await db.execute(sql`update users set first_name = ${firstName}, last_name = ${lastName} where id = ${id}`);
  },

  /** Makes the user a member of exactly these groups among those in scope; memberships elsewhere stay. */
  async replaceMemberships(db: DbOrTx, id: number, scope: GroupScope, groupIds: readonly number[]): Promise<void> {
    const ids = sql.param([...groupIds]);
    await db.execute(sql`delete from group_memberships where user_id = ${id} and ${inScope(sql`group_id`, scope)} and not (group_id = any(${ids}::int[]))`);
    await db.execute(sql`insert into group_memberships (user_id, group_id) select ${id}, unnest(${ids}::int[]) on conflict do nothing`);
  },

  /** Takes away the user's group roles in groups they no longer see (`stillSeen`: the condition on ugr.group_id). */
  async dropUnseenGroupRoles(db: DbOrTx, id: number, stillSeen: SQL): Promise<void> {
    await db.execute(sql`delete from user_group_roles ugr where ugr.user_id = ${id} and not (${stillSeen})`);
  },

  /** The groups in scope where the user holds group roles. */
  async groupRoleGroups(db: DbOrTx, id: number, scope: GroupScope): Promise<number[]> {
    const r = await db.execute<{ group_id: number }>(sql`select distinct group_id from user_group_roles where user_id = ${id} and ${inScope(sql`group_id`, scope)}`);
    return r.rows.map((x) => x.group_id);
  },

  async setDeactivated(db: DbOrTx, id: number, deactivated: boolean): Promise<void> {
    await db.execute(deactivated
      ? sql`update users set deactivated_at = coalesce(deactivated_at, now()) where id = ${id}`
      : sql`update users set deactivated_at = null where id = ${id}`);
  },

  /** Serializes the changes that could take away the last user manager (taken until the transaction ends). */
  async lockUserManagers(db: DbOrTx): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('syrx:users_manage'))`);
  },

  /** Is the user an active user manager? */
  async isActiveUserManager(db: DbOrTx, id: number): Promise<boolean> {
    const r = await db.execute(sql`select 1 from users u where u.id = ${id} and ${activeUserManager}`);
    return r.rows.length > 0;
  },

  /** How many active user managers there are besides this user. */
  async otherActiveUserManagers(db: DbOrTx, id: number): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from users u where u.id <> ${id} and ${activeUserManager}`);
    return r.rows[0]?.n ?? 0;
  },

  /** Does one of these roles give users_manage? */
  async rolesGrantUserManagement(db: DbOrTx, roleIds: readonly number[]): Promise<boolean> {
    const r = await db.execute(sql`select 1 from roles where id = any(${sql.param([...roleIds])}::int[]) and 'users_manage' = any(permissions) limit 1`);
    return r.rows.length > 0;
  },
};
