import { z } from 'zod';
import { sessionUserSchema } from '@syrx/contracts/auth';
import { currentGroupRequestSchema } from '@syrx/contracts/groups';
import { AppError } from '@syrx/contracts/errors';
import { registrationRequestSchema, registrationResponseSchema } from '@syrx/contracts/registration';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import { rateLimitMessage } from '../auth/auth.service.ts';
import { dbIdParamSchema } from '@syrx/contracts/ids';

const userIdParams = z.object({ userId: dbIdParamSchema });

export const usersRoutes: Routes = (app, { config, services, guards }) => {
  const r = typed(app);

  r.post('/api/v2/users/register', {
    config: { public: true, rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute', errorResponseBuilder: () => new AppError('rate_limited', 429, rateLimitMessage) } },
    schema: { tags: ['users'], body: registrationRequestSchema, response: { 201: registrationResponseSchema } },
  }, async (request, reply) => {
    const created = await services.registration.register(request.body);
    return reply.status(201).send(created);
  });

  r.post('/api/Users/:userId/CurrentGroup', {
    preHandler: guards.requireActor,
    schema: { tags: ['users'], params: userIdParams, body: currentGroupRequestSchema, response: { 200: sessionUserSchema } },
  }, async (request) => {
    await services.users.setCurrentGroup(actorOf(request), request.params.userId, request.body.group_id);
    return services.users.sessionUser(actorOf(request).userId);
  });
};
