import { z } from 'zod';
import { jobLogSchema, jobLogsQuerySchema, jobSchema, jobsQuerySchema, pageSchema } from '../jobs.ts';
import { route } from '../route.ts';

const tags = ['jobs'];
const params = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/**
 * Background jobs (newer base; docs/jobs.md): the grid, one job, its children and its log tree. The move-job list
 * `/api/v2/jobs/statuses` is data-moves' (a static path, so it wins over `/jobs/:id`).
 */
export const jobsRoutes = {
  list: route({ method: 'GET', path: '/api/v2/jobs', tags, query: jobsQuerySchema, response: pageSchema(jobSchema) }),
  get: route({ method: 'GET', path: '/api/v2/jobs/:id', tags, params, response: jobSchema }),
  childJobs: route({ method: 'GET', path: '/api/v2/jobs/:id/child-jobs', tags, params, response: z.array(jobSchema) }),
  /** parentLogId=null for the top level, else the entries under that entry. */
  logs: route({ method: 'GET', path: '/api/v2/jobs/:id/logs', tags, params, query: jobLogsQuerySchema, response: z.array(jobLogSchema) }),
};
