import { z } from 'zod';
import { sessionUserSchema } from '../auth.ts';
import { currentGroupRequestSchema } from '../groups.ts';
import { dbIdParamSchema } from '../ids.ts';
import { pageSchema } from '../jobs.ts';
import { registrationRequestSchema, registrationResponseSchema } from '../registration.ts';
import { route } from '../route.ts';
import { inviteUserSchema, updateUserSchema, userDetailSchema, userRoleOptionsSchema, userSummarySchema, usersQuerySchema } from '../users.ts';

const tags = ['users'];

/** Signing up and the signed-in user's current group. A user's roles are in routes/roles.ts (userRolesRoutes). */
export const usersRoutes = {
  /** Creates the account and the organization; a validation e-mail follows (public, rate limited). */
  register: route({ method: 'POST', path: '/api/v2/users/register', tags, body: registrationRequestSchema, response: registrationResponseSchema, status: 201 }),
  /** Answers the session user with the group made current (legacy base). */
  setCurrentGroup: route({
    method: 'POST', path: '/api/Users/:userId/CurrentGroup', tags, params: z.object({ userId: dbIdParamSchema }),
    body: currentGroupRequestSchema, response: sessionUserSchema,
  }),
};

const users = '/api/v2/users';
const one = `${users}/:id`;
const params = z.object({ id: dbIdParamSchema });

/**
 * Users as administrators manage them (newer base; users_manage, and only users of groups the caller sees). A user's
 * roles and group roles alone are also in routes/roles.ts (userRolesRoutes).
 */
export const usersAdminRoutes = {
  list: route({ method: 'GET', path: users, tags, query: usersQuerySchema, response: pageSchema(userSummarySchema) }),
  /** Creates the user as invited and e-mails them a link to choose a password (single use, 7 days). */
  invite: route({ method: 'POST', path: users, tags, body: inviteUserSchema, response: userDetailSchema, status: 201 }),
  /** The roles and group roles the editor offers. */
  roleOptions: route({ method: 'GET', path: `${users}/role-options`, tags, response: userRoleOptionsSchema }),
  get: route({ method: 'GET', path: one, tags, params, response: userDetailSchema }),
  update: route({ method: 'PUT', path: one, tags, params, body: updateUserSchema, response: userDetailSchema }),
  /** Ends every session of the user at once; their sign-in and API tokens are refused until activated again. */
  deactivate: route({ method: 'POST', path: `${one}/deactivate`, tags, params, response: userDetailSchema }),
  activate: route({ method: 'POST', path: `${one}/activate`, tags, params, response: userDetailSchema }),
  /** A new invitation link (the earlier ones stop working). */
  resendInvitation: route({ method: 'POST', path: `${one}/resend-invitation`, tags, params, response: userDetailSchema }),
};
