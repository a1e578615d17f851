import { passwordRoutes as routes } from '@syrx/contracts/routes/passwords';
import type { Config } from '../../config/env.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { originOf } from '../../plugins/request-identity.ts';
import { actorOf } from '../../plugins/session.ts';
import { attemptLimit } from '../../lib/attempt-limit.ts';
import type { PasswordsService } from './passwords.service.ts';

export interface PasswordsRoutesDeps extends GuardDeps {
  config: Pick<Config, 'authRateLimitPerMinute'>;
  passwords: PasswordsService;
}

/** Forgot, reset (and invitation) and change of a password; every one rate limited like sign-in. */
export const passwordsRoutes: Routes<PasswordsRoutesDeps> = (app, { config, passwords, guards }) => {
  const rateLimit = attemptLimit(config.authRateLimitPerMinute);
  const open = { config: { public: true, rateLimit } };

  serve(app, routes.forgot, open, async (req) => passwords.forgot(req.body.username, originOf(req)));
  serve(app, routes.reset, open, async (req) => {
    await passwords.reset(req.body.token, req.body.new_password, originOf(req));
    return { ok: true as const };
  });
  serve(app, routes.change, { preHandler: guards.requireActor, config: { rateLimit } }, async (req) => {
    await passwords.change(actorOf(req), req.body.current_password, req.body.new_password);
    return { ok: true as const };
  });
};
