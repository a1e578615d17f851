import { z } from 'zod';
import { apiTokenCreateSchema, apiTokenSchema, createdApiTokenSchema } from '../api-tokens.ts';
import { dbIdParamSchema } from '../ids.ts';
import { route } from '../route.ts';

const tags = ['users'];

/** The signed-in user's personal API tokens (docs/security.md, "API tokens"). */
export const apiTokensRoutes = {
  list: route({ method: 'GET', path: '/api/v2/users/me/tokens', tags, response: z.array(apiTokenSchema) }),
  /** The token's secret is in this answer only. */
  create: route({ method: 'POST', path: '/api/v2/users/me/tokens', tags, body: apiTokenCreateSchema, response: createdApiTokenSchema, status: 201 }),
  revoke: route({ method: 'DELETE', path: '/api/v2/users/me/tokens/:id', tags, params: z.object({ id: dbIdParamSchema }), status: 204 }),
};
