import { describe, expect, it } from 'vitest';
import { FailureLimiter } from './failure-limiter.ts';

describe('FailureLimiter', () => {
  it('blocks a key after its failures in the window, and only until the window ends', () => {
    let now = 0;
    const limiter = new FailureLimiter(3, 60_000, 100, () => now);
    for (let i = 0; i < 2; i++) limiter.fail('10.0.0.1');
    expect(limiter.blocked('10.0.0.1')).toBe(false);
    limiter.fail('10.0.0.1');
    expect(limiter.blocked('10.0.0.1')).toBe(true);
    expect(limiter.blocked('10.0.0.2')).toBe(false);
    now = 59_999;
    expect(limiter.blocked('10.0.0.1')).toBe(true);
    now = 60_000;
    expect(limiter.blocked('10.0.0.1')).toBe(false);
  });

  it('forgets the oldest key past its bound', () => {
    const limiter = new FailureLimiter(1, 60_000, 2, () => 0);
    for (const key of ['a', 'b', 'c']) limiter.fail(key);
    expect([limiter.blocked('a'), limiter.blocked('b'), limiter.blocked('c')]).toEqual([false, true, true]);
  });
});
