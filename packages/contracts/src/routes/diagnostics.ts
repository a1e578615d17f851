import { z } from 'zod';
import { controllerIdSchema } from '../controllers.ts';
import { diagnosticsLatestSchema, diagnosticsQuerySchema } from '../diagnostics.ts';
import { route } from '../route.ts';

const params = z.object({ id: controllerIdSchema, serviceId: z.string().min(1).max(200) });

/** The diagnostics panel's data (legacy base). */
export const diagnosticsRoutes = {
  /** The latest snapshot in a range (default the last 10 minutes). */
  latest: route({
    method: 'GET', path: '/api/SyrxControllers/:id/services/:serviceId/diagnostics/latest', tags: ['diagnostics'], params,
    query: diagnosticsQuerySchema, response: diagnosticsLatestSchema,
  }),
};
