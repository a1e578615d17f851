import { sql } from 'drizzle-orm';
import { AppError } from '@syrx/contracts/errors';
import type { Page } from '@syrx/contracts/jobs';
import {
  type InviteUser, type UpdateUser, type UserDetail, type UserRoleOptions, type UserSummary, type UsersQuery, userMessages,
} from '@syrx/contracts/users';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { gridPage } from '../../lib/grid-sql.ts';
import { noPasswordHash } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { Actor } from '../../security/actor.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { GroupRolesService } from '../roles/group-roles.service.ts';
import type { RolesService } from '../roles/roles.service.ts';
import type { PasswordsService } from './passwords.service.ts';
import { passwordTokensRepo } from './password-tokens.repo.ts';
import { type GroupScope, usersAdminRepo as repo } from './users-admin.repo.ts';
import { usersRepo } from './users.repo.ts';
import type { UsersService } from './users.service.ts';

export interface UsersAdminDeps {
  db: Db;
  groups: Pick<GroupsService, 'canSee' | 'visibleIds' | 'visibleSql'>;
  users: Pick<UsersService, 'actor'>;
  roles: Pick<RolesService, 'setRolesOfUser' | 'list'>;
  groupRoles: Pick<GroupRolesService, 'ofUser' | 'setOfUser' | 'list'>;
  passwords: Pick<PasswordsService, 'sendInvitation'>;
  audit: AuditRecorder;
  /** Told of a deactivation (the realtime gateway closes the user's sockets). */
  events: Pick<DomainEvents, 'emit'>;
}

const emailTaken = () => AppError.conflict(userMessages.emailTaken, [{ field: 'email', message: userMessages.emailTaken }]);

/** Runs a call of the roles services, whose field errors name their own body ("0"), under this request's field ("role_ids.0"). */
async function underField<T>(prefix: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof AppError) || !err.fields) throw err;
    throw new AppError(err.code, err.status, err.message, err.fields.map((f) => ({ ...f, field: `${prefix}.${f.field}` })));
  }
}

/**
 * Users as administrators manage them (users_manage, which the routes check; issue 21): only users of groups the
 * administrator sees, into groups they see. Roles and group roles are given through the roles services, with their
 * rules (only what the giver holds, unless roles_manage). Nobody deactivates themselves, and the last active user who
 * holds users_manage keeps it.
 */
export function createUsersAdminService({ db, groups, users, roles, groupRoles, passwords, audit, events }: UsersAdminDeps) {
  const scopeOf = async (actor: Actor): Promise<GroupScope> => (actor.allowAll ? { all: true } : { groupIds: await groups.visibleIds(actor) });

  async function visible(scope: GroupScope, id: number): Promise<UserSummary> {
    const user = await repo.find(db, scope, id);
    if (!user) throw AppError.notFound('The user');
    return user;
  }

  async function detail(actor: Actor, id: number): Promise<UserDetail> {
    const user = await visible(await scopeOf(actor), id);
    return { ...user, group_roles: await groupRoles.ofUser(actor, id) };
  }

  /** Every group must be one the actor sees (else 400 naming its index). */
  async function requireGroups(actor: Actor, groupIds: readonly number[]): Promise<void> {
    const seen = await Promise.all(groupIds.map((g) => groups.canSee(actor, g)));
    const bad = groupIds.flatMap((_, i) => (seen[i] ? [] : [{ field: `group_ids.${i}`, message: userMessages.unknownGroup }]));
    if (bad.length > 0) throw AppError.badRequest('Some of the groups do not exist.', bad);
  }

  /** The user's roles afterwards must leave an active user who holds users_manage. */
  async function keepAUserManager(id: number, roleIds: readonly number[]): Promise<void> {
    if (!(await repo.isActiveUserManager(db, id)) || (await repo.rolesGrantUserManagement(db, roleIds))) return;
    if ((await repo.otherActiveUserManagers(db, id)) === 0) throw AppError.conflict(userMessages.lastUserManager, [{ field: 'role_ids', message: userMessages.lastUserManager }]);
  }

  async function nameOf(userId: number): Promise<string> {
    const u = await usersRepo.findById(db, userId);
    return u ? `${u.firstName} ${u.lastName}`.trim() || u.username : 'An administrator';
  }

  async function setGroupRoles(actor: Actor, id: number, scope: GroupScope, wanted: NonNullable<UpdateUser['group_roles']>): Promise<void> {
    const listed = new Set(wanted.map((g) => g.group_id));
    for (const groupId of await repo.groupRoleGroups(db, id, scope)) {
      if (!listed.has(groupId)) await groupRoles.setOfUser(actor, id, groupId, []);
    }
    for (const [i, g] of wanted.entries()) await underField(`group_roles.${i}`, () => groupRoles.setOfUser(actor, id, g.group_id, g.group_role_ids));
  }

  const target = (id: number, groupId?: number) => ({ type: 'user', id: String(id), groupId: groupId ?? null });

  return {
    async list(actor: Actor, q: UsersQuery): Promise<Page<UserSummary>> {
      const scope = await scopeOf(actor);
      return gridPage(q, (p) => repo.list(db, scope, { filters: q.filter, sort: q.sort }, p), () => repo.count(db, scope, q.filter));
    },

    get: detail,

    async roleOptions(): Promise<UserRoleOptions> {
      const all = { pageNum: 1, pageSize: 200 };
      const [r, g] = await Promise.all([roles.list(all), groupRoles.list(all)]);
      return { roles: r.items.map(({ id, name }) => ({ id, name })), group_roles: g.items.map(({ id, name }) => ({ id, name })) };
    },

    /** Creates the user as invited, in the groups and with the roles given, and mails them the invitation. */
    async invite(actor: Actor, input: InviteUser): Promise<UserDetail> {
      const scope = await scopeOf(actor);
      await requireGroups(actor, input.group_ids);
      const email = input.email.toLowerCase();
      if (await repo.loginTaken(db, email)) throw emailTaken();
      const firstName = input.first_name;
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertInvited(tx, { email, firstName, lastName: input.last_name, groupId: input.group_ids[0] ?? 0, invitedBy: actor.userId, passwordHash: noPasswordHash });
        await repo.replaceMemberships(tx, newId, scope, input.group_ids);
        return newId;
      }).catch((err: unknown) => {
        throw isUniqueViolation(err) ? emailTaken() : err;
      });
      // Roles refused (one the inviter may not give): nobody was invited.
      if (input.role_ids && input.role_ids.length > 0) {
        const roleIds = input.role_ids;
        await underField('role_ids', () => roles.setRolesOfUser(actor, id, roleIds)).catch(async (err: unknown) => {
          await repo.deleteUser(db, id);
          throw err;
        });
      }
      const inviter = await nameOf(actor.userId);
      await db.transaction(async (tx) => {
        await passwords.sendInvitation(tx, { id, email, firstName }, inviter);
        await audit.record({ action: 'user.invite', actor, target: target(id, input.group_ids[0]), details: { email, group_ids: input.group_ids, role_ids: input.role_ids ?? [] } }, tx);
      });
      return detail(actor, id);
    },

    /** Names and groups; and, when given, every role and the group roles per group (a group the editor sees and does not list loses them). */
    async update(actor: Actor, id: number, input: UpdateUser): Promise<UserDetail> {
      const scope = await scopeOf(actor);
      await visible(scope, id);
      await requireGroups(actor, input.group_ids);
      if (input.role_ids) {
        const roleIds = input.role_ids;
        await keepAUserManager(id, roleIds);
        await underField('role_ids', () => roles.setRolesOfUser(actor, id, roleIds));
      }
      const { allowAll } = await users.actor(id);
      await db.transaction(async (tx) => {
        await repo.setNames(tx, id, input.first_name, input.last_name);
        await repo.replaceMemberships(tx, id, scope, input.group_ids);
        // A group role gives nothing in a group its holder no longer sees.
        await repo.dropUnseenGroupRoles(tx, id, groups.visibleSql({ userId: id, allowAll }, sql`ugr.group_id`));
      });
      if (input.group_roles) await setGroupRoles(actor, id, scope, input.group_roles);
      await audit.record({ action: 'user.update', actor, target: target(id, input.group_ids[0]), details: { ...input } });
      return detail(actor, id);
    },

    /** Every session of the user ends and their password links stop; sign-in and API tokens are refused until activated. */
    async deactivate(actor: Actor, id: number): Promise<UserDetail> {
      const user = await visible(await scopeOf(actor), id);
      if (id === actor.userId) throw AppError.badRequest(userMessages.deactivateSelf, [{ field: 'id', message: userMessages.deactivateSelf }]);
      await db.transaction(async (tx) => {
        await repo.lockUserManagers(tx);
        if ((await repo.isActiveUserManager(tx, id)) && (await repo.otherActiveUserManagers(tx, id)) === 0) throw AppError.conflict(userMessages.lastUserManager);
        await repo.setDeactivated(tx, id, true);
        await passwordTokensRepo.spendAll(tx, id);
        await passwordTokensRepo.endSessions(tx, id, null);
        await audit.record({ action: 'user.deactivate', actor, target: target(id, user.groups[0]?.id) }, tx);
      });
      events.emit('user-deactivated', id);
      return detail(actor, id);
    },

    async activate(actor: Actor, id: number): Promise<UserDetail> {
      const user = await visible(await scopeOf(actor), id);
      await db.transaction(async (tx) => {
        await repo.setDeactivated(tx, id, false);
        await audit.record({ action: 'user.activate', actor, target: target(id, user.groups[0]?.id) }, tx);
      });
      return detail(actor, id);
    },

    /** A new invitation link for a user who has not accepted one (the earlier links stop working). */
    async resendInvitation(actor: Actor, id: number): Promise<UserDetail> {
      const user = await visible(await scopeOf(actor), id);
      if (user.status === 'deactivated') throw AppError.conflict(userMessages.invitedDeactivated);
      if (user.status !== 'invited' || !user.email) throw AppError.conflict(userMessages.notInvited);
      const inviter = await nameOf(actor.userId);
      const email = user.email;
      await db.transaction(async (tx) => {
        await passwords.sendInvitation(tx, { id, email, firstName: user.first_name }, inviter);
        await audit.record({ action: 'user.invitation.resend', actor, target: target(id, user.groups[0]?.id) }, tx);
      });
      return detail(actor, id);
    },
  };
}
export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
