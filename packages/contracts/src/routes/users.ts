import { z } from 'zod';
import { sessionUserSchema } from '../auth.ts';
import { currentGroupRequestSchema } from '../groups.ts';
import { dbIdParamSchema } from '../ids.ts';
import { registrationRequestSchema, registrationResponseSchema } from '../registration.ts';
import { route } from '../route.ts';

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
