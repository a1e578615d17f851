import { usersRoutes as routes } from '@syrx/contracts/routes/users';
import type { Config } from '../../config/env.ts';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { RegistrationService } from './registration.service.ts';
import type { UsersService } from './users.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import { attemptLimit } from '../../lib/attempt-limit.ts';

export interface UsersRoutesDeps extends GuardDeps {
  config: Pick<Config, 'authRateLimitPerMinute'>;
  users: UsersService;
  registration: RegistrationService;
}

export const usersRoutes: Routes<UsersRoutesDeps> = (app, { config, users, registration, guards }) => {
  serve(app, routes.register, { config: { public: true, rateLimit: attemptLimit(config.authRateLimitPerMinute) } }, async (req) => registration.register(req.body));

  serve(app, routes.setCurrentGroup, { preHandler: guards.requireActor }, async (req) => {
    await users.setCurrentGroup(actorOf(req), req.params.userId, req.body.group_id);
    return users.sessionUser(actorOf(req).userId);
  });
};
