import { groupsRoutes as routes } from '@syrx/contracts/routes/groups';
import type { Routes } from '../../app-context.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

export const groupsRoutes: Routes = (app, { services, guards }) => {
  serve(app, routes.childrenOf, { preHandler: guards.requireActor }, async (req) => services.groups.childrenOf(actorOf(req), req.query.id));
};
