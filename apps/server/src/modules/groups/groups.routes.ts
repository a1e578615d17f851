import { getChildrenOfQuerySchema, groupChildrenSchema } from '@syrx/contracts/groups';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';

export const groupsRoutes: Routes = (app, { services, guards }) => {
  typed(app).get('/api/v2/groups/getChildrenOf', {
    preHandler: guards.requireActor,
    schema: { tags: ['groups'], querystring: getChildrenOfQuerySchema, response: { 200: groupChildrenSchema } },
  }, async (request) => services.groups.childrenOf(actorOf(request), request.query.id));
};
