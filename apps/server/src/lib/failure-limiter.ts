/**
 * Counts failed attempts per key (a client address) in a fixed window: after `max` failures the key is blocked until
 * its window ends. Bounded: past `maxKeys` keys the oldest window is forgotten first. Per process; the HTTP credential
 * routes use @fastify/rate-limit (shared through Redis) instead.
 */
export class FailureLimiter {
  private readonly windows = new Map<string, { start: number; failures: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  blocked(key: string): boolean {
    const w = this.current(key);
    return w !== undefined && w.failures >= this.max;
  }

  fail(key: string): void {
    const w = this.current(key);
    if (w) {
      w.failures++;
      return;
    }
    this.windows.set(key, { start: this.now(), failures: 1 });
    if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value as string);
  }

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && this.now() - w.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }
}
