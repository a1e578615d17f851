import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createCredentialBackoff } from './credential-backoff.ts';

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0).reverse()) await c();
});

/** A server's rate-limit plugin as app.ts registers it: in this process, or counting in Redis under a prefix. */
async function serverWithLimits(redis?: { client: Redis; nameSpace: string }): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis: redis.client, nameSpace: redis.nameSpace } : {}) });
  await app.ready();
  closing.push(() => app.close());
  return app;
}

const controller = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('credential back-off', () => {
  it("holds back a source that keeps failing for a controller, longer each time up to the cap, and no other source or controller", async () => {
    const backoff = createCredentialBackoff(await serverWithLimits(), { freeFailures: 2, firstWaitMs: 300, maxWaitMs: 600 });
    for (let i = 0; i < 2; i++) {
      expect(await backoff.check('10.0.0.1', controller)).toBe('go');
      await backoff.failed('10.0.0.1', controller);
    }
    expect(await backoff.check('10.0.0.1', controller)).toBe('go');
    await backoff.failed('10.0.0.1', controller);
    expect(await backoff.check('10.0.0.1', controller)).toBe('wait');
    expect(await backoff.check('10.0.0.2', controller)).toBe('go');
    expect(await backoff.check('10.0.0.1', randomUUID())).toBe('go');
    // An IPv4 address written as IPv6 (a dual-stack socket) is the same source.
    expect(await backoff.check('::ffff:10.0.0.1', controller.toUpperCase())).toBe('wait');

    await sleep(350);
    expect(await backoff.check('10.0.0.1', controller)).toBe('go');
    await backoff.failed('10.0.0.1', controller);
    // Twice as long now: still held after the first wait.
    await sleep(350);
    expect(await backoff.check('10.0.0.1', controller)).toBe('wait');
    await sleep(300);
    expect(await backoff.check('10.0.0.1', controller)).toBe('go');
    // The cap: the next wait is not 1200 ms but 600.
    await backoff.failed('10.0.0.1', controller);
    await sleep(350);
    expect(await backoff.check('10.0.0.1', controller)).toBe('wait');
    await sleep(300);
    expect(await backoff.check('10.0.0.1', controller)).toBe('go');
  });

  it('shares its counts between instances through Redis (REDIS_URL)', async () => {
    const nameSpace = `syrx-test-${randomUUID()}:rate-limit:`;
    const instance = async () => {
      const client = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 2 });
      closing.push(() => client.quit());
      return createCredentialBackoff(await serverWithLimits({ client, nameSpace }), { freeFailures: 2, firstWaitMs: 2000, memoryMs: 10_000 });
    };
    const [a, b] = [await instance(), await instance()];
    await a.failed('10.0.0.1', controller);
    await b.failed('10.0.0.1', controller);
    expect(await a.check('10.0.0.1', controller)).toBe('go');
    await a.failed('10.0.0.1', controller);
    expect(await b.check('10.0.0.1', controller)).toBe('wait');
    expect(await b.check('10.0.0.2', controller)).toBe('go');
    // Nothing was counted in this process: a fresh instance on the same Redis sees the hold too.
    expect(await (await instance()).check('10.0.0.1', controller)).toBe('wait');
  });
});
