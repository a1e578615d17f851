import { AppError } from '@syrx/contracts/errors';
import type { Page } from '@syrx/contracts/jobs';
import { type Role, type RoleUser, type RolesQuery, roleMessages } from '@syrx/contracts/roles';
import type { Db, DbOrTx } from '../../db/client.ts';
import { gridPage } from '../../lib/grid-sql.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../../security/actor.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { administratorRole, organizationAdministratorRole } from '../users/users.service.ts';
import { type RoleRow, rolesRepo } from './roles.repo.ts';

const builtInNames: readonly string[] = [administratorRole.name, organizationAdministratorRole.name];
const roleNotFound = () => AppError.notFound('The role');
const nameTaken = (name: string) => AppError.conflict(roleMessages.roleNameTaken(name), [{ field: 'name', message: roleMessages.roleNameTaken(name) }]);
const toRole = (r: RoleRow): Role => ({ id: r.id, name: r.name, permissions: [...r.permissions].sort(), built_in: builtInNames.includes(r.name) });
const unique = <T>(list: readonly T[]) => [...new Set(list)];

/** Who may give and take roles of users: users_manage or roles_manage (docs/permissions.md). */
export function mayAssignRoles(actor: Actor): boolean {
  return actor.permissions.has('roles_manage') || actor.permissions.has('users_manage');
}

/**
 * Roles (spec 02, sections 3 and 6): named lists of permission names, and who holds them. Managing roles needs
 * roles_manage (the routes check it); giving roles to a user also users_manage, but then only roles whose permissions
 * the giver holds, so users_manage does not lead to every permission.
 */
export function createRolesService(db: Db, groups: Pick<GroupsService, 'canSeeUser'>) {
  async function existing(tx: DbOrTx, id: number): Promise<RoleRow> {
    const role = await rolesRepo.find(tx, id);
    if (!role) throw roleNotFound();
    return role;
  }

  async function changeable(tx: DbOrTx, id: number): Promise<RoleRow> {
    const role = await existing(tx, id);
    if (builtInNames.includes(role.name)) throw AppError.badRequest(roleMessages.builtInRole(role.name));
    return role;
  }

  async function requireFreeName(tx: DbOrTx, name: string, exceptId?: number): Promise<void> {
    const same = await rolesRepo.findByName(tx, name);
    if (same && same.id !== exceptId) throw nameTaken(name);
  }

  /** Runs a write; a unique-name violation that slipped past the check (a concurrent save) is the same 409. */
  async function writing<T>(name: string | undefined, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (name !== undefined && isUniqueViolation(err)) throw nameTaken(name);
      throw err;
    }
  }

  /** The Administrator role must keep a holder, or nobody could manage roles any more. */
  async function keepAnAdministrator(tx: DbOrTx): Promise<void> {
    const admin = await rolesRepo.findByName(tx, administratorRole.name);
    if (admin && (await rolesRepo.holderCount(tx, admin.id)) === 0) throw AppError.badRequest(roleMessages.lastAdministrator);
  }

  /** Without roles_manage, only roles whose every permission the actor holds may be given or taken. */
  function requireMayHandOut(actor: Actor, roles: readonly RoleRow[]): void {
    if (!mayAssignRoles(actor)) throw AppError.forbidden('Giving roles to users needs the users_manage or roles_manage permission.');
    if (actor.permissions.has('roles_manage')) return;
    const beyond = roles.find((r) => r.permissions.some((p) => !actor.permissions.has(p)));
    if (beyond) throw AppError.forbidden(`The role "${beyond.name}" holds permissions you do not have; giving or taking it needs roles_manage.`);
  }

  /** A user the actor sees (a member of a group they see); another organization's user is as unknown (404). */
  async function requireUser(actor: Actor, userId: number): Promise<void> {
    if (!(await rolesRepo.userExists(db, userId)) || !(await groups.canSeeUser(actor, userId))) throw AppError.notFound('The user');
  }

  return {
    async list(q: RolesQuery): Promise<Page<Role>> {
      const page = await gridPage(q, (p) => rolesRepo.list(db, { filters: q.filter, sort: q.sort }, p), () => rolesRepo.count(db, q.filter));
      return { items: page.items.map(toRole), total: page.total };
    },

    async get(id: number): Promise<Role> {
      return toRole(await existing(db, id));
    },

    async create(input: { name: string; permissions?: string[] | undefined }): Promise<Role> {
      const id = await writing(input.name, async (tx) => {
        await requireFreeName(tx, input.name);
        return rolesRepo.insert(tx, input.name, unique(input.permissions ?? []));
      });
      return toRole(await existing(db, id));
    },

    /** Renames the role and, when given, replaces its permissions. */
    async update(id: number, input: { name: string; permissions?: string[] | undefined }): Promise<Role> {
      await writing(input.name, async (tx) => {
        await changeable(tx, id);
        await requireFreeName(tx, input.name, id);
        await rolesRepo.update(tx, id, { name: input.name, ...(input.permissions ? { permissions: unique(input.permissions) } : {}) });
      });
      return toRole(await existing(db, id));
    },

    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await changeable(tx, id);
        await rolesRepo.delete(tx, id);
      });
    },

    async permissions(id: number): Promise<string[]> {
      return toRole(await existing(db, id)).permissions;
    },

    async setPermissions(id: number, permissions: string[]): Promise<string[]> {
      await db.transaction(async (tx) => {
        await changeable(tx, id);
        await rolesRepo.update(tx, id, { permissions: unique(permissions) });
      });
      return toRole(await existing(db, id)).permissions;
    },

    async users(id: number): Promise<RoleUser[]> {
      await existing(db, id);
      return rolesRepo.usersOfRole(db, id);
    },

    /** Gives the role to the user of this username or e-mail (400 naming the field when there is none). */
    async addUser(id: number, username: string): Promise<RoleUser[]> {
      await existing(db, id);
      const userId = await rolesRepo.userIdByLogin(db, username);
      if (userId === null) throw AppError.badRequest(roleMessages.userNotFound, [{ field: 'username', message: roleMessages.userNotFound }]);
      await rolesRepo.addUser(db, id, userId);
      return rolesRepo.usersOfRole(db, id);
    },

    async removeUser(id: number, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await existing(tx, id);
        await rolesRepo.removeUser(tx, id, userId);
        await keepAnAdministrator(tx);
      });
    },

    async rolesOfUser(actor: Actor, userId: number): Promise<Role[]> {
      if (!mayAssignRoles(actor)) throw AppError.forbidden();
      await requireUser(actor, userId);
      return (await rolesRepo.rolesOfUser(db, userId)).map(toRole);
    },

    /** Replaces the user's roles; every id must name a role (else 400 naming its index). */
    async setRolesOfUser(actor: Actor, userId: number, roleIds: number[]): Promise<Role[]> {
      if (!mayAssignRoles(actor)) throw AppError.forbidden();
      await requireUser(actor, userId);
      const wanted = unique(roleIds);
      await db.transaction(async (tx) => {
        const found = new Map((await rolesRepo.findMany(tx, wanted)).map((r) => [r.id, r]));
        const missing = roleIds.flatMap((rid, i) => (found.has(rid) ? [] : [{ field: String(i), message: roleMessages.unknownRole }]));
        if (missing.length > 0) throw AppError.badRequest('Some of the roles do not exist.', missing);
        const before = await rolesRepo.rolesOfUser(tx, userId);
        const changed = [...before.filter((r) => !found.has(r.id)), ...[...found.values()].filter((r) => !before.some((b) => b.id === r.id))];
        requireMayHandOut(actor, changed);
        await rolesRepo.replaceRolesOfUser(tx, userId, wanted);
        await keepAnAdministrator(tx);
      });
      return (await rolesRepo.rolesOfUser(db, userId)).map(toRole);
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
