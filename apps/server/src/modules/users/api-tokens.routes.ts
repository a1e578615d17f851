import { apiTokensRoutes as routes } from '@syrx/contracts/routes/api-tokens';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { ApiTokensService } from './api-tokens.service.ts';

export interface ApiTokensRoutesDeps extends GuardDeps {
  apiTokens: ApiTokensService;
}

/** The signed-in user's own API tokens; creating and revoking need a browser session (a token mints no tokens). */
export const apiTokensRoutes: Routes<ApiTokensRoutesDeps> = (app, { apiTokens, guards }) => {
  serve(app, routes.list, { preHandler: guards.requireActor }, async (req) => apiTokens.list(actorOf(req)));
  serve(app, routes.create, { preHandler: guards.requireBrowserSession }, async (req) => apiTokens.create(actorOf(req), req.body));
  serve(app, routes.revoke, { preHandler: guards.requireBrowserSession }, async (req) => apiTokens.revoke(actorOf(req), req.params.id));
};
