import { movesRoutes as routes } from '@syrx/contracts/routes/data-moves';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { MovesService } from './moves.service.ts';

/** Queueing moves of vendor point records and the move-job list (newer base). */
export const movesRoutes = (moves: MovesService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, routes.queue, pre, async (req) => ({ job_ids: await moves.queue(actorOf(req), req.body) }));
  serve(app, routes.statuses, pre, async (req) => moves.statuses(actorOf(req), req.query));
};
