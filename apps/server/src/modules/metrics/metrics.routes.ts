import { metricsRoutes as contract } from '@syrx/contracts/routes/metrics';
import type { Routes } from '../../app-context.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** The metrics chart's data (legacy base): group names in a range, and date_bin aggregates per group. */
export const metricsRoutes: Routes = (app, { services, guards }) => {
  const { metrics } = services;
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.groups, pre, async (req) => metrics.groups(actorOf(req), req.params.id, req.query));
  serve(app, contract.series, pre, async (req) => metrics.series(actorOf(req), req.params.id, req.query));
};
