import { AppError } from '@syrx/contracts/errors';
import { usersRoutes as routes } from '@syrx/contracts/routes/users';
import type { Routes } from '../../app-context.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import { rateLimitMessage } from '../auth/auth.service.ts';

export const usersRoutes: Routes = (app, { config, services, guards }) => {
  const registerLimit = { max: config.authRateLimitPerMinute, timeWindow: '1 minute', errorResponseBuilder: () => new AppError('rate_limited', 429, rateLimitMessage) };
  serve(app, routes.register, { config: { public: true, rateLimit: registerLimit } }, async (req) => services.registration.register(req.body));

  serve(app, routes.setCurrentGroup, { preHandler: guards.requireActor }, async (req) => {
    await services.users.setCurrentGroup(actorOf(req), req.params.userId, req.body.group_id);
    return services.users.sessionUser(actorOf(req).userId);
  });
};
