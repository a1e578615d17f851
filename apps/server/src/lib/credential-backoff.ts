import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface CredentialBackoffOptions {
  /** Failures of a source for one id before it is held back. */
  freeFailures: number;
  /** The first hold; each further failure doubles it, up to maxWaitMs. */
  firstWaitMs?: number;
  maxWaitMs?: number;
  /** How long a source's failures are remembered, from its first. */
  memoryMs?: number;
  /** Names its keys in the rate-limit store. */
  name?: string;
}

export type BackoffVerdict = 'go' | 'wait';

export interface CredentialBackoff {
  /** 'wait' while the source is held back for this id: refuse it without checking the secret. */
  check(source: string, id: string): Promise<BackoffVerdict>;
  /** Counts a failed attempt; past the free ones the source is held back, twice as long as the time before. */
  failed(source: string, id: string): Promise<void>;
}

/** What the keys are generated from: createRateLimit takes a request, and a socket handshake has no Fastify request. */
interface Keyed {
  backoffKey: string;
  routeOptions: { config: object };
}
const keyOf = (req: FastifyRequest) => (req as unknown as Keyed).backoffKey;

/**
 * Back-off for guesses at a secret, per source address and id (a controller's): after `freeFailures` failures a source
 * is held back for `firstWaitMs`, and each failure after a hold holds it back twice as long (up to `maxWaitMs`) while
 * its failures are remembered. Only that source for that id: the right secret from any other address goes through at
 * once, so an attacker hammering an id cannot lock its owner out. Held-back attempts are refused without being counted,
 * so a legitimate client retrying from a held-back address does not make its own wait longer.
 *
 * Counted by the server's rate-limit plugin (@fastify/rate-limit, `createRateLimit`): in Redis when REDIS_URL is set,
 * shared by every instance like the HTTP limits, else in this process. One counter of failures and one hold key per
 * step of the back-off, each with its fixed window (the store's windows are fixed per limiter). In Redis the keys read
 * `<REDIS_KEY_PREFIX>:rate-limit:undefinedundefined-<name>-…`: the plugin names a createRateLimit store after a route
 * it does not have.
 */
export function createCredentialBackoff(app: FastifyInstance, opts: CredentialBackoffOptions): CredentialBackoff {
  const { freeFailures, firstWaitMs = 1000, maxWaitMs = 5 * 60_000, memoryMs = 15 * 60_000, name = 'credentials' } = opts;
  if (!(firstWaitMs > 0 && maxWaitMs >= firstWaitMs)) throw new Error('the first wait must be positive and no longer than the longest');
  const waits: number[] = [];
  for (let ms = firstWaitMs; waits.at(-1) !== maxWaitMs; ms *= 2) waits.push(Math.min(ms, maxWaitMs));
  // Past freeFailures + waits.length the wait stays at the cap: the counter need not count further.
  // Redis unreachable: no back-off rather than no logins (the secret is still verified).
  const failures = app.createRateLimit({ keyGenerator: (req) => `${name}-failures:${keyOf(req)}`, max: freeFailures + waits.length, timeWindow: memoryMs, skipOnError: true });
  // A hold is a key that exists for its wait: its first count exceeds the limit of none.
  const holds = waits.map((ms, step) => app.createRateLimit({ keyGenerator: (req) => `${name}-hold-${step}:${keyOf(req)}`, max: 0, timeWindow: ms, skipOnError: true }));

  const requestOf = (source: string, id: string) =>
    ({ backoffKey: `${source.replace(/^::ffff:/i, '')} ${id.toLowerCase()}`, routeOptions: { config: {} } } satisfies Keyed) as unknown as FastifyRequest;
  /** The step of the back-off a failure count is at (-1: none yet). */
  const stepOf = (count: number) => Math.min(count - freeFailures, waits.length) - 1;
  const countOf = (r: Awaited<ReturnType<typeof failures>>) => (r.isAllowed ? 0 : r.isExceeded ? r.max + 1 : r.max - r.remaining);

  return {
    async check(source, id) {
      const req = requestOf(source, id);
      const step = stepOf(countOf(await failures(req, { increment: false })));
      if (step < 0) return 'go';
      const hold = await (holds[step] as (typeof holds)[number])(req, { increment: false });
      return !hold.isAllowed && hold.isExceeded ? 'wait' : 'go';
    },
    async failed(source, id) {
      const req = requestOf(source, id);
      const step = stepOf(countOf(await failures(req)));
      if (step >= 0) await (holds[step] as (typeof holds)[number])(req);
    },
  };
}
