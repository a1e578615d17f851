import { z } from 'zod';
import { controllerIdSchema } from '../controllers.ts';
import { metricGroupNamesSchema, metricGroupsQuerySchema, metricsBucketSchema, metricsQuerySchema } from '../metrics.ts';
import { route } from '../route.ts';

const tags = ['metrics'];
const params = z.object({ id: controllerIdSchema });
const base = '/api/SyrxControllers/:id/metrics';

/** The metrics chart's data (legacy base): group names in a range, and date_bin aggregates per group. */
export const metricsRoutes = {
  groups: route({ method: 'GET', path: `${base}/groups`, tags, params, query: metricGroupsQuerySchema, response: metricGroupNamesSchema }),
  series: route({ method: 'GET', path: base, tags, params, query: metricsQuerySchema, response: z.array(metricsBucketSchema) }),
};
