import { queryMessagesRoutes as contract } from '@syrx/contracts/routes/query-messages';
import type { Routes } from '../../app-context.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** Background messages of a controller's BACnet network query service (legacy base). */
export const queryMessagesRoutes: Routes = (app, { services, guards }) => {
  const { queryMessages } = services;
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.createDiscoverDevices, pre,
    async (req) => queryMessages.create(actorOf(req), req.params.id, req.params.queryServiceId, req.body ?? {}));
  serve(app, contract.list, pre, async (req) => queryMessages.list(actorOf(req), req.params.id, req.params.queryServiceId, req.query));
  serve(app, contract.count, pre, async (req) => ({ count: await queryMessages.count(actorOf(req), req.params.id, req.params.queryServiceId, req.query) }));
};
