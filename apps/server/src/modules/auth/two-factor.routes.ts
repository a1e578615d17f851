import type { FastifyInstance } from 'fastify';
import { twoFactorRoutes as routes } from '@syrx/contracts/routes/two-factor';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { TwoFactorService } from './two-factor.service.ts';

export interface TwoFactorRoutesDeps extends GuardDeps {
  twoFactor: TwoFactorService;
  /** The sign-in attempts' limit: a code or password guessed here counts against it too. */
  signInLimit: ReturnType<FastifyInstance['rateLimit']>;
}

/** Setting up, turning on and off two-factor sign-in, from a signed-in browser (the setup also from a limited session). */
export const twoFactorRoutes: Routes<TwoFactorRoutesDeps> = (app, { twoFactor, guards, signInLimit }) => {
  const setup = { preHandler: guards.requireBrowserSession, config: { openDuringTwoFactorSetup: true } };
  serve(app, routes.setup, setup, async (req) => twoFactor.setup(actorOf(req)));
  serve(app, routes.enable, { ...setup, onRequest: signInLimit }, async (req) => twoFactor.enable(actorOf(req), req.body.code));
  serve(app, routes.disable, { preHandler: guards.requireBrowserSession, onRequest: signInLimit }, async (req) => {
    await twoFactor.disable(actorOf(req), req.body.password, req.body.code);
    return { ok: true as const };
  });
};
