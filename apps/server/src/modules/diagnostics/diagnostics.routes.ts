import { z } from 'zod';
import { controllerIdSchema } from '@syrx/contracts/controllers';
import { diagnosticsLatestSchema, diagnosticsQuerySchema } from '@syrx/contracts/diagnostics';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';

const params = z.object({ id: controllerIdSchema, serviceId: z.string().min(1).max(200) });

/** The diagnostics panel's data (legacy base): the latest snapshot in a range (default the last 10 minutes). */
export const diagnosticsRoutes: Routes = (app, { services, guards }) => {
  const r = typed(app);
  r.get('/api/SyrxControllers/:id/services/:serviceId/diagnostics/latest', {
    preHandler: guards.requireActor,
    schema: { tags: ['diagnostics'], params, querystring: diagnosticsQuerySchema, response: { 200: diagnosticsLatestSchema } },
  }, async (req) => services.diagnostics.latest(actorOf(req), req.params.id, req.params.serviceId, req.query));
};
