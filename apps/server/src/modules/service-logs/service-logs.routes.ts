import { serviceLogsRoutes as contract } from '@syrx/contracts/routes/service-logs';
import type { Routes } from '../../app-context.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** A controller service's logs (legacy base): entries at or above minLogLevel, newest first, and their count. */
export const serviceLogsRoutes: Routes = (app, { services, guards }) => {
  const { serviceLogs } = services;
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.list, pre, async (req) => serviceLogs.list(actorOf(req), req.params.id, req.params.serviceId, req.query));
  serve(app, contract.count, pre, async (req) => ({ count: await serviceLogs.count(actorOf(req), req.params.id, req.params.serviceId, req.query.minLogLevel) }));
};
