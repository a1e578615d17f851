import { z } from 'zod';
import { controllerIdSchema, countSchema } from '../controllers.ts';
import { route } from '../route.ts';
import { serviceLogEntrySchema, serviceLogQuerySchema } from '../service-logs.ts';

const tags = ['service logs'];
const params = z.object({ id: controllerIdSchema, serviceId: z.string().min(1).max(200) });
const base = '/api/SyrxControllers/:id/services/:serviceId/logs';

/** A controller service's logs (legacy base): entries at or above minLogLevel, newest first, and their count. */
export const serviceLogsRoutes = {
  list: route({ method: 'GET', path: base, tags, params, query: serviceLogQuerySchema, response: z.array(serviceLogEntrySchema) }),
  count: route({ method: 'GET', path: `${base}/count`, tags, params, query: serviceLogQuerySchema, response: countSchema }),
};
