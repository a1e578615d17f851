import { z } from 'zod';
import { clientConfigSchema } from '../client-config.ts';
import { route } from '../route.ts';

const tags = ['system'];

/** A liveness or readiness answer; readiness says whether the database answered. */
export const healthStatusSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unreachable']).optional() });

/** Readiness and liveness (docs/operations.md) and what the SPA needs to know; all public. /metrics is not JSON and not here. */
export const healthRoutes = {
  health: route({ method: 'GET', path: '/api/health', tags, response: z.object({ status: z.literal('ok') }) }),
  clientConfig: route({ method: 'GET', path: '/api/v2/client-config', tags, response: clientConfigSchema }),
  live: route({ method: 'GET', path: '/api/health/live', tags, response: healthStatusSchema }),
  /** 503 while the instance shuts down or the database does not answer. */
  ready: route({ method: 'GET', path: '/api/health/ready', tags, response: healthStatusSchema, errors: { 503: healthStatusSchema } }),
};
