import { groupsRoutes as routes } from '@syrx/contracts/routes/groups';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { GroupsService } from './groups.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

export const groupsRoutes: Routes<GuardDeps & { groups: Pick<GroupsService, 'childrenOf'> }> = (app, { groups, guards }) => {
  serve(app, routes.childrenOf, { preHandler: guards.requireActor }, async (req) => groups.childrenOf(actorOf(req), req.query.id));
};
