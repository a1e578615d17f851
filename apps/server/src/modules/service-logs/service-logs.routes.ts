import { serviceLogsRoutes as contract } from '@syrx/contracts/routes/service-logs';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { ServiceLogsService } from './service-logs.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** A controller service's logs (legacy base): entries at or above minLogLevel, newest first, and their count. */
export const serviceLogsRoutes: Routes<GuardDeps & { serviceLogs: ServiceLogsService }> = (app, { serviceLogs, guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.list, pre, async (req) => serviceLogs.list(actorOf(req), req.params.id, req.params.serviceId, req.query));
  serve(app, contract.count, pre, async (req) => ({ count: await serviceLogs.count(actorOf(req), req.params.id, req.params.serviceId, req.query.minLogLevel) }));
};
