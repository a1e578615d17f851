import type { RegistrationRequest } from '@syrx/contracts/registration';
import { AppError } from '@syrx/contracts/errors';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { groupWrites } from '../groups/groups.service.ts';
import { usersRepo } from './users.repo.ts';
import { organizationAdministratorRole } from './roles.ts';

const validationLinkDays = 7;
export const duplicateEmailMessage = 'An account with this e-mail address already exists.';

/**
 * Creates the user, their organization (a new group under the root group, with the user as its
 * administrator) and an e-mail validation link, all or nothing.
 */
export function createRegistrationService(db: Db, mailer: Mailer, publicUrl: string) {
  return {
    async register(req: RegistrationRequest): Promise<{ id: number; email: string }> {
      const email = req.email.toLowerCase();
      if (await usersRepo.findByLogin(db, email)) {
        throw AppError.conflict(duplicateEmailMessage, [{ field: 'email', message: duplicateEmailMessage }]);
      }
      const passwordHash = await hashPassword(req.password);
      const token = newToken();
      const id = await db
        .transaction(async (tx) => {
        const rootId = await groupWrites.rootGroupId(tx);
        const groupId = await groupWrites.create(tx, req.group_name, rootId);
        const userId = await usersRepo.insert(tx, {
          username: email, email, passwordHash, firstName: req.first_name, lastName: req.last_name,
          address: req.address, city: req.city, state: req.state, zip: req.zip, jobTitle: req.job_title,
          currentGroupId: groupId,
        });
        await groupWrites.addMember(tx, userId, groupId, true);
        const roleId = await usersRepo.upsertRole(tx, organizationAdministratorRole.name, organizationAdministratorRole.permissions);
        await usersRepo.assignRole(tx, userId, roleId);
        const expires = new Date(Date.now() + validationLinkDays * 24 * 3600 * 1000);
        await usersRepo.insertValidationToken(tx, userId, hashToken(token), expires);
        await mailer.send(tx, {
          to: email,
          subject: 'Validate your Syrx Console account',
          text: `Hello ${req.first_name},\n\nyour account for ${req.group_name} has been created. Sign in through this link to validate your e-mail address:\n\n${publicUrl}/login/${token}\n\nThe link is valid for ${validationLinkDays} days.`,
        });
        return userId;
        })
        .catch((err: unknown) => {
          // Two registrations of one address at once: the unique index decides.
          if (isUniqueViolation(err)) throw AppError.conflict(duplicateEmailMessage, [{ field: 'email', message: duplicateEmailMessage }]);
          throw err;
        });
      return { id, email };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
