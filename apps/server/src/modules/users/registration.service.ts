import type { RegistrationRequest } from '@syrx/contracts/registration';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { assertAcceptableNewPassword } from '../../lib/password-policy.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { groupWrites } from '../groups/groups.service.ts';
import { usersRepo } from './users.repo.ts';
import { organizationAdministratorRole } from './roles.ts';

const validationLinkDays = 7;

/**
 * Creates the user, their organization (a new group under the root group, with the user as its
 * administrator) and an e-mail validation link, all or nothing.
 *
 * An address that already has an account is answered exactly as a new one (same status and body, and the same
 * password hashing before it), so registering tells an outsider nothing about who has an account; the owner is
 * e-mailed instead, with a link to sign in.
 */
export function createRegistrationService(db: Db, mailer: Mailer, publicUrl: string) {
  return {
    async register(req: RegistrationRequest): Promise<{ email: string }> {
      // The rule first, so a refused password is answered alike whether the address has an account or not.
      assertAcceptableNewPassword(req.password);
      const email = req.email.toLowerCase();
      const passwordHash = await hashPassword(req.password);
      if (await usersRepo.findByLogin(db, email)) {
        await mailer.send(db, alreadyRegisteredMail(email, publicUrl));
        return { email };
      }
      const token = newToken();
      await db
        .transaction(async (tx) => {
        const groupId = await groupWrites.createOrganization(tx, req.group_name);
        const userId = await usersRepo.insert(tx, {
          username: email, email, passwordHash, firstName: req.first_name, lastName: req.last_name,
          address: req.address, city: req.city, state: req.state, zip: req.zip, jobTitle: req.job_title,
          currentGroupId: groupId,
        });
        await groupWrites.addGroupAdmin(tx, userId, groupId);
        const roleId = await usersRepo.upsertRole(tx, organizationAdministratorRole.name, organizationAdministratorRole.permissions);
        await usersRepo.assignRole(tx, userId, roleId);
        const expires = new Date(Date.now() + validationLinkDays * 24 * 3600 * 1000);
        await usersRepo.insertValidationToken(tx, userId, hashToken(token), expires);
        await mailer.send(tx, {
          to: email,
          subject: 'Validate your Syrx Console account',
          text: `Hello ${req.first_name},\n\nyour account for ${req.group_name} has been created. Sign in through this link to validate your e-mail address:\n\n${publicUrl}/login/${token}\n\nThe link is valid for ${validationLinkDays} days.`,
        });
        })
        .catch(async (err: unknown) => {
          // Two registrations of one address at once: the unique index decides, and the loser is answered as above.
          if (!isUniqueViolation(err) || !(await usersRepo.findByLogin(db, email))) throw err;
          await mailer.send(db, alreadyRegisteredMail(email, publicUrl));
        });
      return { email };
    },
  };
}

/** The mail to an address that someone tried to register again: nothing to click but the sign-in page. */
function alreadyRegisteredMail(email: string, publicUrl: string) {
  return {
    to: email,
    subject: 'Someone tried to register with your address',
    text:
      `Hello,\n\nsomeone tried to register with your e-mail address (${email}) for a new Syrx Console account. The address ` +
      `already has an account, so no new one was created and yours is unchanged.\n\nIf it was you, sign in here instead:\n\n` +
      `${publicUrl}/login\n\nIf it was not you, you can ignore this e-mail.`,
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
