import { z } from 'zod';
import { controllerIdSchema, countSchema } from '@syrx/contracts/controllers';
import { serviceLogEntrySchema, serviceLogQuerySchema } from '@syrx/contracts/service-logs';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';

const params = z.object({ id: controllerIdSchema, serviceId: z.string().min(1).max(200) });
const base = '/api/SyrxControllers/:id/services/:serviceId/logs';

/** A controller service's logs (legacy base): entries at or above minLogLevel, newest first, and their count. */
export const serviceLogsRoutes: Routes = (app, { services, guards }) => {
  const r = typed(app);
  const { serviceLogs } = services;
  const pre = { preHandler: guards.requireActor };
  const tags = ['service logs'];

  r.get(base, { ...pre, schema: { tags, params, querystring: serviceLogQuerySchema, response: { 200: z.array(serviceLogEntrySchema) } } },
    async (req) => serviceLogs.list(actorOf(req), req.params.id, req.params.serviceId, req.query));
  r.get(`${base}/count`, { ...pre, schema: { tags, params, querystring: serviceLogQuerySchema, response: { 200: countSchema } } },
    async (req) => ({ count: await serviceLogs.count(actorOf(req), req.params.id, req.params.serviceId, req.query.minLogLevel) }));
};
