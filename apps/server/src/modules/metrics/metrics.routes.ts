import { metricsRoutes as contract } from '@syrx/contracts/routes/metrics';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { MetricsService } from './metrics.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** The metrics chart's data (legacy base): group names in a range, and date_bin aggregates per group. */
export const metricsRoutes: Routes<GuardDeps & { metrics: MetricsService }> = (app, { metrics, guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.groups, pre, async (req) => metrics.groups(actorOf(req), req.params.id, req.query));
  serve(app, contract.series, pre, async (req) => metrics.series(actorOf(req), req.params.id, req.query));
};
