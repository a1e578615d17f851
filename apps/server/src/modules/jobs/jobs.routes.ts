import { z } from 'zod';
import { jobLogSchema, jobLogsQuerySchema, jobSchema, jobsQuerySchema, pageSchema } from '@syrx/contracts/jobs';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';

const base = '/api/v2/jobs';
const params = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/**
 * Background jobs (newer base): the grid, one job, its children and its log tree (docs/jobs.md). Who sees which job is
 * the service's rule; a job one may not see answers 404. `/jobs/statuses` (the move-job list) is the data-moves module's:
 * a static route, so it wins over `/jobs/:id`.
 */
export const jobsRoutes: Routes = (app, { services, guards }) => {
  const r = typed(app);
  const { jobs } = services;
  const pre = { preHandler: guards.requireActor };
  const tags = ['jobs'];

  r.get(base, { ...pre, schema: { tags, querystring: jobsQuerySchema, response: { 200: pageSchema(jobSchema) } } },
    async (req) => jobs.list(actorOf(req), req.query));
  r.get(`${base}/:id`, { ...pre, schema: { tags, params, response: { 200: jobSchema } } },
    async (req) => jobs.get(actorOf(req), req.params.id));
  r.get(`${base}/:id/child-jobs`, { ...pre, schema: { tags, params, response: { 200: z.array(jobSchema) } } },
    async (req) => jobs.childJobs(actorOf(req), req.params.id));
  r.get(`${base}/:id/logs`, { ...pre, schema: { tags, params, querystring: jobLogsQuerySchema, response: { 200: z.array(jobLogSchema) } } },
    async (req) => jobs.logs(actorOf(req), req.params.id, req.query.parentLogId));
};
