import { jobsRoutes as routes } from '@syrx/contracts/routes/jobs';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { JobsService } from './jobs.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/**
 * Background jobs (newer base): the grid, one job, its children and its log tree (docs/jobs.md). Who sees which job is
 * the service's rule; a job one may not see answers 404. `/jobs/statuses` (the move-job list) is the data-moves module's:
 * a static route, so it wins over `/jobs/:id`.
 */
export const jobsRoutes: Routes<GuardDeps & { jobs: JobsService }> = (app, { jobs, guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, routes.list, pre, async (req) => jobs.list(actorOf(req), req.query));
  serve(app, routes.get, pre, async (req) => jobs.get(actorOf(req), req.params.id));
  serve(app, routes.childJobs, pre, async (req) => jobs.childJobs(actorOf(req), req.params.id));
  serve(app, routes.logs, pre, async (req) => jobs.logs(actorOf(req), req.params.id, req.query.parentLogId));
};
