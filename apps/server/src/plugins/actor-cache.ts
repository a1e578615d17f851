import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { listenForChanges } from '../db/change-notices.ts';
import { ActorCache } from '../security/actor-cache.ts';

/** The channel the triggers of drizzle/0022_actor_change_notices.sql notify. */
export const actorChangesChannel = 'syrx_actor_changes';
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The actor cache of this instance (security/actor-cache.ts), when the database is a PostgreSQL server whose change
 * notices it can hear and ACTOR_CACHE_SECONDS is not 0; else none (every request looks its user up). Emptied by every
 * notice, and by every request of this instance that may write (a POST, PUT, PATCH or DELETE) before its answer goes
 * out, so the writer's next request already sees its change even before the notice arrives.
 */
export function actorCache(app: FastifyInstance, config: Pick<Config, 'actorCacheSeconds'>, changeNoticesUrl: string | undefined): ActorCache | undefined {
  if (!changeNoticesUrl || config.actorCacheSeconds === 0) return undefined;
  const cache = new ActorCache({ ttlMs: config.actorCacheSeconds * 1000, max: 10_000 });
  const notices = listenForChanges(changeNoticesUrl, actorChangesChannel, {
    onNotice: () => cache.clear(),
    onListening: (listening) => {
      cache.setListening(listening);
      if (!listening) app.log.warn('not hearing the database change notices: every request looks its user up until they are heard again');
    },
  });
  app.addHook('onSend', async (request) => {
    if (!readMethods.has(request.method)) cache.clear();
  });
  app.addHook('onClose', async () => notices.close());
  return cache;
}
