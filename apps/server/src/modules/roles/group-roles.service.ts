import { AppError, type FieldError } from '@syrx/contracts/errors';
import type { Page } from '@syrx/contracts/jobs';
import {
  type GroupPermission, type GroupPermissionId, type GroupRole, type GroupRoleHolder, type RolesQuery, type UserGroupRoles,
  groupPermissionCatalogue, roleMessages,
} from '@syrx/contracts/roles';
import type { Db, DbOrTx } from '../../db/client.ts';
import { gridPage } from '../../lib/grid-sql.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { requireVisibleGroup } from '../../security/group-scope.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { Actor } from '../../security/actor.ts';
import type { UsersService } from '../users/users.service.ts';
import { grantsIn } from './group-grants.service.ts';
import { type GroupScope, groupRolesRepo } from './group-roles.repo.ts';
import { rolesRepo } from './roles.repo.ts';
import { mayAssignRoles } from './roles.service.ts';

type PermissionRef = string | { id: string };
interface GroupRoleInput {
  name: string;
  description: string;
  group_permissions?: PermissionRef[] | undefined;
}

const groupRoleNotFound = () => AppError.notFound('The group role');
const nameTaken = (name: string) => AppError.conflict(roleMessages.groupRoleNameTaken(name), [{ field: 'name', message: roleMessages.groupRoleNameTaken(name) }]);
const idOf = (ref: PermissionRef) => (typeof ref === 'string' ? ref : ref.id);

/** Adds the group permission catalogue (idempotent; run at every start by the bootstrap). */
export async function seedGroupPermissions(tx: DbOrTx): Promise<void> {
  await groupRolesRepo.seedPermissions(tx, groupPermissionCatalogue);
}

/**
 * Group roles: named sets of group permissions that users hold per group (and its descendants). Managing them needs
 * roles_manage (the routes check it). Giving them to users needs users_manage or roles_manage, and the group visible
 * to both the giver and the user; without roles_manage, only group roles whose group permissions the giver holds there.
 */
export function createGroupRolesService(db: Db, groups: GroupsService, users: Pick<UsersService, 'actor'>) {
  async function existing(tx: DbOrTx, id: number): Promise<GroupRole> {
    const role = await groupRolesRepo.find(tx, id);
    if (!role) throw groupRoleNotFound();
    return role;
  }

  /** The ids of these refs, each a group permission (else 400 naming the field). */
  async function permissionIds(tx: DbOrTx, refs: readonly PermissionRef[], field: string): Promise<string[]> {
    const ids = refs.map(idOf);
    const known = await groupRolesRepo.knownPermissionIds(tx, ids);
    const bad: FieldError[] = ids.flatMap((p, i) => (known.has(p) ? [] : [{ field: `${field}${i}`, message: `${roleMessages.unknownGroupPermission}: ${p}` }]));
    if (bad.length > 0) throw AppError.badRequest('Some of the group permissions do not exist.', bad);
    return [...new Set(ids)];
  }

  /** Runs a write whose name must be free (but for `exceptId`); a concurrent save of the same name is the same 409. */
  async function writing<T>(name: string, exceptId: number | null, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const same = await groupRolesRepo.findIdByName(tx, name);
        if (same !== null && same !== exceptId) throw nameTaken(name);
        return fn(tx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(name);
      throw err;
    }
  }

  const scopeOf = async (actor: Actor): Promise<GroupScope> => (actor.allowAll ? { all: true } : { groupIds: await groups.visibleIds(actor) });

  /** May the actor give or take these group roles in this group (a group they see)? */
  async function requireMayHandOut(actor: Actor, groupId: number, groupRoleIds: readonly number[]): Promise<void> {
    if (!mayAssignRoles(actor)) throw AppError.forbidden('Giving group roles needs the users_manage or roles_manage permission.');
    await requireVisibleGroup(groups, actor, groupId);
    if (actor.permissions.has('roles_manage')) return;
    for (const id of groupRoleIds) {
      const role = await groupRolesRepo.find(db, id);
      const beyond = role?.group_permissions.find((p) => !grantsIn(actor.groupGrants, p.id as GroupPermissionId, groupId));
      if (role && beyond) throw AppError.forbidden(`The group role "${role.name}" holds group permissions you do not have in this group; giving or taking it needs roles_manage.`);
    }
  }

  /** The user must exist and see the group: a group role grants nothing in a group its holder cannot see. */
  async function requireUserSees(userId: number, groupId: number, field: string): Promise<void> {
    const target = await users.actor(userId);
    if (!(await groups.canSee(target, groupId))) throw AppError.badRequest(roleMessages.groupNotVisibleToUser, [{ field, message: roleMessages.groupNotVisibleToUser }]);
  }

  return {
    permissions: (): Promise<GroupPermission[]> => groupRolesRepo.permissions(db),

    list: (q: RolesQuery): Promise<Page<GroupRole>> =>
      gridPage(q, (p) => groupRolesRepo.list(db, { filters: q.filter, sort: q.sort }, p), () => groupRolesRepo.count(db, q.filter)),

    get: (id: number): Promise<GroupRole> => existing(db, id),

    async create(input: GroupRoleInput): Promise<GroupRole> {
      const id = await writing(input.name, null, async (tx) => {
        const ids = await permissionIds(tx, input.group_permissions ?? [], 'group_permissions.');
        const newId = await groupRolesRepo.insert(tx, input.name, input.description);
        await groupRolesRepo.replacePermissions(tx, newId, ids);
        return newId;
      });
      return existing(db, id);
    },

    /** Renames and describes the group role and, when given, replaces its group permissions. */
    async update(id: number, input: GroupRoleInput): Promise<GroupRole> {
      await existing(db, id);
      await writing(input.name, id, async (tx) => {
        const ids = input.group_permissions ? await permissionIds(tx, input.group_permissions, 'group_permissions.') : null;
        await groupRolesRepo.update(tx, id, input.name, input.description);
        if (ids) await groupRolesRepo.replacePermissions(tx, id, ids);
      });
      return existing(db, id);
    },

    async remove(id: number): Promise<void> {
      if (!(await groupRolesRepo.delete(db, id))) throw groupRoleNotFound();
    },

    groupPermissions: async (id: number): Promise<GroupPermission[]> => (await existing(db, id)).group_permissions,

    async setGroupPermissions(id: number, refs: PermissionRef[]): Promise<GroupPermission[]> {
      await db.transaction(async (tx) => {
        await existing(tx, id);
        await groupRolesRepo.replacePermissions(tx, id, await permissionIds(tx, refs, ''));
      });
      return (await existing(db, id)).group_permissions;
    },

    /** Who holds the group role, in the groups the actor sees. */
    async holders(actor: Actor, id: number): Promise<GroupRoleHolder[]> {
      await existing(db, id);
      return groupRolesRepo.holders(db, id, await scopeOf(actor));
    },

    async addHolder(actor: Actor, id: number, username: string, groupId: number): Promise<GroupRoleHolder[]> {
      await existing(db, id);
      await requireMayHandOut(actor, groupId, [id]);
      const userId = await userIdByLogin(username);
      await requireUserSees(userId, groupId, 'group_id');
      await groupRolesRepo.addHolder(db, id, userId, groupId);
      return groupRolesRepo.holders(db, id, await scopeOf(actor));
    },

    async removeHolder(actor: Actor, id: number, userId: number, groupId: number): Promise<void> {
      await existing(db, id);
      await requireMayHandOut(actor, groupId, [id]);
      await groupRolesRepo.removeHolder(db, id, userId, groupId);
    },

    /** The user's group roles in the groups the actor sees. */
    async ofUser(actor: Actor, userId: number): Promise<UserGroupRoles[]> {
      if (!mayAssignRoles(actor)) throw AppError.forbidden();
      await requireUserExists(actor, userId);
      return groupRolesRepo.ofUser(db, userId, await scopeOf(actor));
    },

    /** Replaces the user's group roles in one group; every id must name a group role (else 400 naming its index). */
    async setOfUser(actor: Actor, userId: number, groupId: number, groupRoleIds: number[]): Promise<UserGroupRoles> {
      if (!mayAssignRoles(actor)) throw AppError.forbidden();
      await requireUserExists(actor, userId);
      await requireVisibleGroup(groups, actor, groupId);
      const known = await groupRolesRepo.existingIds(db, groupRoleIds);
      const bad = groupRoleIds.flatMap((rid, i) => (known.has(rid) ? [] : [{ field: `group_role_ids.${i}`, message: roleMessages.unknownGroupRole }]));
      if (bad.length > 0) throw AppError.badRequest('Some of the group roles do not exist.', bad);
      const before = (await groupRolesRepo.ofUser(db, userId, { all: true }, groupId))[0]?.group_roles.map((r) => r.id) ?? [];
      const wanted = [...new Set(groupRoleIds)];
      await requireMayHandOut(actor, groupId, [...before.filter((r) => !wanted.includes(r)), ...wanted.filter((r) => !before.includes(r))]);
      if (wanted.length > 0) await requireUserSees(userId, groupId, 'group_id');
      await db.transaction((tx) => groupRolesRepo.replaceOfUser(tx, userId, groupId, wanted));
      const [now] = await groupRolesRepo.ofUser(db, userId, { all: true }, groupId);
      return now ?? { group_id: groupId, group_name: await groupRolesRepo.groupName(db, groupId), group_roles: [] };
    },
  };

  async function userIdByLogin(username: string): Promise<number> {
    const id = await rolesRepo.userIdByLogin(db, username);
    if (id === null) throw AppError.badRequest(roleMessages.userNotFound, [{ field: 'username', message: roleMessages.userNotFound }]);
    return id;
  }

  /** A user the actor sees (a member of a group they see); another organization's user is as unknown (404). */
  async function requireUserExists(actor: Actor, userId: number): Promise<void> {
    if (!(await rolesRepo.userExists(db, userId)) || !(await groups.canSeeUser(actor, userId))) throw AppError.notFound('The user');
  }
}
export type GroupRolesService = ReturnType<typeof createGroupRolesService>;
