import { AppError } from '@syrx/contracts/errors';
import { passwordLinkLifetimes, passwordLinkMessages } from '@syrx/contracts/passwords';
import { userMessages } from '@syrx/contracts/users';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { assertAcceptableNewPassword } from '../../lib/password-policy.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Actor, RequestOrigin } from '../../security/actor.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { invitationMail, resetMail } from './password-mails.ts';
import { type PasswordTokenPurpose, passwordTokensRepo } from './password-tokens.repo.ts';
import { usersRepo } from './users.repo.ts';

const hour = 3_600_000;
const lifetimeMs: Record<PasswordTokenPurpose, number> = {
  invitation: passwordLinkLifetimes.invitationDays * 24 * hour,
  reset: passwordLinkLifetimes.resetHours * hour,
};
const badLink = (message: string) => AppError.badRequest(message, [{ field: 'token', message }]);

export interface PasswordsDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  audit: AuditRecorder;
  /** Where a forgot-password request does its work, after the answer (so the answer's time says nothing). */
  background: BackgroundTasks;
}

/**
 * Passwords (issue 21): links that let a person choose one (an invitation, 7 days; a reset, 1 hour; single use, stored
 * as their SHA-256), and changing one's own. Every password set follows the password rule (lib/password-policy.ts),
 * ends the user's other sessions and is audited.
 */
export function createPasswordsService({ db, mailer, publicUrl, audit, background }: PasswordsDeps) {
  /** A new link of this purpose for the user (their earlier ones of the purpose stop working); its token. */
  async function newLink(tx: DbOrTx, userId: number, purpose: PasswordTokenPurpose): Promise<string> {
    const token = newToken();
    await passwordTokensRepo.spendAll(tx, userId, purpose);
    await passwordTokensRepo.insert(tx, userId, purpose, hashToken(token), new Date(Date.now() + lifetimeMs[purpose]));
    return token;
  }

  /** Mails a reset link to a user with an address who is not deactivated; every request is audited (the name asked for). */
  async function requestReset(username: string, origin: RequestOrigin | null): Promise<void> {
    const user = await usersRepo.findByLogin(db, username);
    const email = user && !user.deactivatedAt ? user.email : null;
    await db.transaction(async (tx) => {
      if (user && email) {
        const token = await newLink(tx, user.id, 'reset');
        await mailer.send(tx, resetMail({ to: email, firstName: user.firstName, username: user.username, link: `${publicUrl}/reset-password/${token}` }));
      }
      const target = user ? { type: 'user', id: String(user.id) } : null;
      await audit.record({ action: 'auth.password.reset.request', username, origin, target, details: { mailed: email !== null } }, tx);
    });
  }

  return {
    /** Mails the user a new invitation link (inside the caller's transaction when given). */
    async sendInvitation(tx: DbOrTx, user: { id: number; email: string; firstName: string }, inviter: string): Promise<void> {
      const token = await newLink(tx, user.id, 'invitation');
      await mailer.send(tx, invitationMail({ to: user.email, firstName: user.firstName, inviter, link: `${publicUrl}/set-password/${token}` }));
    },

    /** Answers at once; for a user with an e-mail address who is not deactivated, a reset link is mailed afterwards. */
    forgot(username: string, origin: RequestOrigin | null): { message: string } {
      background.run('password reset request', () => requestReset(username, origin));
      return { message: passwordLinkMessages.resetRequested };
    },

    /** Sets the password of a reset or invitation link: single use, then every session of the user ends. */
    async reset(token: string, newPassword: string, origin: RequestOrigin | null): Promise<void> {
      const tokenHash = hashToken(token);
      const link = await passwordTokensRepo.find(db, tokenHash);
      if (!link) throw badLink(passwordLinkMessages.unknownLink);
      if (link.used) throw badLink(passwordLinkMessages.usedLink);
      if (link.expired) throw badLink(passwordLinkMessages.expiredLink);
      if (link.deactivated) throw badLink(userMessages.deactivated);
      assertAcceptableNewPassword(newPassword, 'new_password');
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        // Two requests with one link: the first marks it used, the second finds nothing to mark.
        if (!(await passwordTokensRepo.use(tx, tokenHash))) throw badLink(passwordLinkMessages.usedLink);
        await passwordTokensRepo.setPassword(tx, link.userId, passwordHash, true);
        await passwordTokensRepo.spendAll(tx, link.userId);
        await passwordTokensRepo.endSessions(tx, link.userId, null);
        const action = link.purpose === 'invitation' ? 'user.invitation.accept' : 'auth.password.reset';
        await audit.record({ action, actor: { userId: link.userId }, origin, target: { type: 'user', id: String(link.userId) } }, tx);
      });
    },

    /** The signed-in user's new password (the current one must be right); their sessions but the one asking end. */
    async change(actor: Actor, current: string, next: string): Promise<void> {
      const user = await usersRepo.findById(db, actor.userId);
      if (!user || !(await verifyPassword(user.passwordHash, current))) {
        throw AppError.badRequest(passwordLinkMessages.wrongCurrentPassword, [{ field: 'current_password', message: passwordLinkMessages.wrongCurrentPassword }]);
      }
      assertAcceptableNewPassword(next, 'new_password');
      const passwordHash = await hashPassword(next);
      await db.transaction(async (tx) => {
        await passwordTokensRepo.setPassword(tx, user.id, passwordHash, false);
        await passwordTokensRepo.spendAll(tx, user.id);
        await passwordTokensRepo.endSessions(tx, user.id, actor.credential?.kind === 'session' ? actor.credential.sessionId : null);
        await audit.record({ action: 'auth.password.change', actor, target: { type: 'user', id: String(user.id) } }, tx);
      });
    },
  };
}
export type PasswordsService = ReturnType<typeof createPasswordsService>;
