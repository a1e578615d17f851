import { diagnosticsRoutes as contract } from '@syrx/contracts/routes/diagnostics';
import type { Routes } from '../../app-context.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** The diagnostics panel's data (legacy base): the latest snapshot in a range (default the last 10 minutes). */
export const diagnosticsRoutes: Routes = (app, { services, guards }) => {
  serve(app, contract.latest, { preHandler: guards.requireActor },
    async (req) => services.diagnostics.latest(actorOf(req), req.params.id, req.params.serviceId, req.query));
};
