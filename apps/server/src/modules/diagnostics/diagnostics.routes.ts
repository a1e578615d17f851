import { diagnosticsRoutes as contract } from '@syrx/contracts/routes/diagnostics';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { DiagnosticsService } from './diagnostics.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** The diagnostics panel's data (legacy base): the latest snapshot in a range (default the last 10 minutes). */
export const diagnosticsRoutes: Routes<GuardDeps & { diagnostics: DiagnosticsService }> = (app, { diagnostics, guards }) => {
  serve(app, contract.latest, { preHandler: guards.requireActor },
    async (req) => diagnostics.latest(actorOf(req), req.params.id, req.params.serviceId, req.query));
};
