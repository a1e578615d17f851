import { z } from 'zod';
import { controllerIdSchema } from '@syrx/contracts/controllers';
import { metricGroupNamesSchema, metricGroupsQuerySchema, metricsBucketSchema, metricsQuerySchema } from '@syrx/contracts/metrics';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';

const params = z.object({ id: controllerIdSchema });
const base = '/api/SyrxControllers/:id/metrics';

/** The metrics chart's data (legacy base): group names in a range, and date_bin aggregates per group. */
export const metricsRoutes: Routes = (app, { services, guards }) => {
  const r = typed(app);
  const { metrics } = services;
  const pre = { preHandler: guards.requireActor };
  const tags = ['metrics'];

  r.get(`${base}/groups`, { ...pre, schema: { tags, params, querystring: metricGroupsQuerySchema, response: { 200: metricGroupNamesSchema } } },
    async (req) => metrics.groups(actorOf(req), req.params.id, req.query));
  r.get(base, { ...pre, schema: { tags, params, querystring: metricsQuerySchema, response: { 200: z.array(metricsBucketSchema) } } },
    async (req) => metrics.series(actorOf(req), req.params.id, req.query));
};
