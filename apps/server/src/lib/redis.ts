import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The Redis connections of one instance when REDIS_URL is set (docs/operations.md): a publisher and a subscriber for
 * the Socket.IO adapter (so every instance reaches every socket), and a client for the shared rate-limit counters.
 */
export function connectRedis(opts: { url: string; keyPrefix: string }, log: FastifyBaseLogger) {
  const { url, keyPrefix } = opts;
  const open = (role: string) => {
    const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // A broken connection reconnects by itself; say so instead of crashing.
    client.on('error', (err: Error) => log.warn({ role, err: err.message }, 'redis connection error'));
    return client;
  };
  const pub = open('socket.io publisher');
  const sub = pub.duplicate();
  sub.on('error', (err: Error) => log.warn({ role: 'socket.io subscriber', err: err.message }, 'redis connection error'));
  const limits = open('rate limits');
  return {
    adapter: () => createAdapter(pub, sub, { key: `${keyPrefix}:socket.io` }),
    rateLimitNamespace: `${keyPrefix}:rate-limit:`,
    rateLimitClient: limits,
    async close(): Promise<void> {
      // The adapter answers other instances' requests (which sockets are in a room…) with a publish it never catches:
      // one that lands after QUIT is an unhandled "Connection is closed". Stop hearing requests, then drop what this
      // closing instance would still publish, then quit.
      await sub.quit().catch(() => undefined);
      pub.publish = async () => 0;
      await Promise.allSettled([pub.quit(), limits.quit()]);
    },
  };
}
export type RedisConnections = ReturnType<typeof connectRedis>;
