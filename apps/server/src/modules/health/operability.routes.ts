import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@syrx/contracts/errors';
import { healthRoutes as routes } from '@syrx/contracts/routes/health';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Routes } from '../../plugins/routes.ts';
import type { ServerMetrics } from '../../lib/prometheus.ts';
import { serve } from '../../lib/serve-route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the instance starts to shut down (main.ts): readiness answers 503 from then on. */
    draining: boolean;
  }
}

const readyTimeoutMs = 2000;

const isLoopback = (ip: string) => ip.startsWith('127.') || ip === '::1' || ip.startsWith('::ffff:127.');
const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * /metrics answers a bearer METRICS_TOKEN when one is set, otherwise only callers on loopback, or everyone with
 * METRICS_PUBLIC=true (docs/operations.md).
 */
function mayScrape(request: FastifyRequest, token: string | undefined, everyone: boolean): boolean {
  if (token === undefined) return everyone || isLoopback(request.socket.remoteAddress ?? '');
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  return given !== undefined && sameSecret(given, token);
}

/**
 * Liveness (the process answers: restart it when this fails), readiness (it can serve: the database answers; while
 * closing Fastify answers 503 by itself, so a balancer stops sending), and the Prometheus scrape.
 */
export const operabilityRoutes = (metrics: ServerMetrics): Routes<{ config: Pick<Config, 'metricsToken' | 'metricsPublic'>; db: Db }> => (app, { config, db }) => {
  const open = { config: { public: true } };
  app.decorate('draining', false);
  serve(app, routes.live, open, async () => ({ status: 'ok' as const }));
  serve(app, routes.ready, open, async (_request, reply) => {
    // Shutting down: out of the balancer's rotation first, while the sockets and requests it has still work.
    if (app.draining) return reply.status(503).send({ status: 'unavailable' as const });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), readyTimeoutMs); });
    try {
      await Promise.race([db.execute(sql`select 1`), timeout]);
      return { status: 'ok' as const, database: 'ok' as const };
    } catch {
      return reply.status(503).send({ status: 'unavailable' as const, database: 'unreachable' as const });
    } finally {
      clearTimeout(timer);
    }
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, config.metricsToken, config.metricsPublic)) throw new AppError('forbidden', 403, 'Metrics are available on loopback or with the metrics token.');
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
};
