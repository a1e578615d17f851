import { queryMessagesRoutes as contract } from '@syrx/contracts/routes/query-messages';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { QueryMessagesService } from './query-messages.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** Background messages of a controller's BACnet network query service (legacy base). */
export const queryMessagesRoutes: Routes<GuardDeps & { queryMessages: QueryMessagesService }> = (app, { queryMessages, guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.createDiscoverDevices, pre,
    async (req) => queryMessages.create(actorOf(req), req.params.id, req.params.queryServiceId, req.body ?? {}));
  serve(app, contract.list, pre, async (req) => queryMessages.list(actorOf(req), req.params.id, req.params.queryServiceId, req.query));
  serve(app, contract.count, pre, async (req) => ({ count: await queryMessages.count(actorOf(req), req.params.id, req.params.queryServiceId, req.query) }));
};
