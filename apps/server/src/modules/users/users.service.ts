import type { SessionUser } from '@syrx/contracts/auth';
import { AppError } from '@syrx/contracts/errors';
import { userMessages } from '@syrx/contracts/users';
import type { Db } from '../../db/client.ts';
import { dummyPasswordHash, hasPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Actor, GroupGrants } from '../../security/actor.ts';
import type { ActorCache } from '../../security/actor-cache.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { type ActorData, usersRepo } from './users.repo.ts';

export { administratorRole, organizationAdministratorRole } from './roles.ts';

export const signInMessages = {
  invalid: 'Invalid username or password.',
  notValidated: 'Your e-mail address has not been validated yet. Please use the link in the e-mail we sent you.',
  badToken: 'This validation link is invalid or has expired.',
} as const;

/** `actors`: where the actors of access tokens are kept between requests (none: looked up every time). */
export function createUsersService(db: Db, groups: GroupsService, actors?: ActorCache) {
  const actorOf = (d: ActorData): Actor => {
    const permissions = new Set(d.permissions);
    const groupGrants: GroupGrants = new Map(Object.entries(d.grants).map(([p, ids]) => [p, new Set(ids.map(Number))]));
    const actor: Actor = { userId: d.userId, permissions, allowAll: permissions.has('groups_allow_all'), groupGrants };
    if (d.twoFactorSetupRequired) actor.twoFactorSetupRequired = true;
    if (d.credential?.kind === 'session') actor.credential = d.credential;
    if (d.credential?.kind === 'token') actor.credential = { kind: 'token', tokenId: d.credential.tokenId, name: d.credential.name };
    return actor;
  };
  // Read afresh for every request and socket event that asks: a change of roles applies at once.
  async function actor(userId: number): Promise<Actor> {
    const d = await usersRepo.actorData(db, { userId });
    if (!d) throw new Error('the actor query answered no row for a user id');
    return actorOf(d);
  }

  return {
    actor,

    /** The signed-in user of an access token (a session cookie), or null when no live session holds it. */
    async actorOfAccessToken(access: string | undefined): Promise<Actor | null> {
      if (!access) return null;
      const find = async () => {
        const d = await usersRepo.actorData(db, { accessTokenHash: hashToken(access) });
        return d ? { actor: actorOf(d), validUntil: d.validUntil } : null;
      };
      return actors ? actors.get(access, find) : ((await find())?.actor ?? null);
    },

    /** The owner of a live API token (see ActorSource); `touch`: its last use is over a minute old. */
    async apiTokenActor(token: string): Promise<{ actor: Actor; touch: boolean } | null> {
      const d = await usersRepo.actorData(db, { apiTokenHash: hashToken(token) });
      return d ? { actor: actorOf(d), touch: d.credential?.kind === 'token' && d.credential.touch } : null;
    },

    /**
     * Checks a username (or e-mail) and password; a validation token from the registration e-mail
     * completes validation. Every failure is a 401 whose message the login page shows.
     */
    async authenticate(login: string, password: string, token: string | null | undefined): Promise<number> {
      const user = await usersRepo.findByLogin(db, login);
      // No password yet (an invitation not accepted): the dummy is verified instead, so the time taken tells nothing.
      const usable = user !== null && hasPassword(user.passwordHash);
      const ok = (await verifyPassword(usable ? user.passwordHash : dummyPasswordHash, password)) && usable;
      if (!user || !ok) throw new AppError('invalid_credentials', 401, signInMessages.invalid);
      if (user.deactivatedAt) throw new AppError('account_deactivated', 401, userMessages.deactivated);
      if (token) {
        const used = await db.transaction(async (tx) => {
          if (!(await usersRepo.useValidationToken(tx, user.id, hashToken(token)))) return false;
          if (!user.emailValidatedAt) await usersRepo.markEmailValidated(tx, user.id);
          return true;
        });
        if (!used && !user.emailValidatedAt) throw new AppError('invalid_credentials', 401, signInMessages.badToken);
      } else if (!user.emailValidatedAt) {
        throw new AppError('email_not_validated', 401, signInMessages.notValidated);
      }
      return user.id;
    },

    /** A successful sign-in: the users grid shows when it was. */
    recordSignIn: (userId: number): Promise<void> => usersRepo.setLastSignIn(db, userId),

    async sessionUser(userId: number): Promise<SessionUser> {
      const user = await usersRepo.findById(db, userId);
      if (!user) throw AppError.unauthenticated();
      const a = await actor(userId);
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        permissions: [...a.permissions],
        commissioning_group: await groups.currentGroup(a, user.currentGroupId),
        totp_enabled: user.totpEnabledAt !== null,
        totp_setup_required: a.twoFactorSetupRequired === true,
      };
    },

    /** Saves the current group of a user; only for oneself (or with users_manage), only a visible group. */
    async setCurrentGroup(by: Actor, userId: number, groupId: number): Promise<void> {
      if (userId !== by.userId && !by.permissions.has('users_manage')) throw AppError.forbidden();
      // Another user's: only one the manager sees (another organization's user is as unknown).
      if (!(await usersRepo.findById(db, userId)) || (userId !== by.userId && !(await groups.canSeeUser(by, userId)))) throw AppError.notFound('The user');
      const target = userId === by.userId ? by : await actor(userId);
      if (!(await groups.canSee(target, groupId))) throw AppError.notFound('The group');
      await usersRepo.setCurrentGroup(db, userId, groupId);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
