import { describe, expect, it } from 'vitest';
import type { Actor } from './actor.ts';
import { ActorCache, type FoundActor } from './actor-cache.ts';

const actor = (userId: number): Actor => ({ userId, allowAll: false, permissions: new Set() });

function counted(found: FoundActor | null) {
  const calls = { n: 0 };
  return { calls, find: async () => { calls.n++; return found; } };
}

describe('ActorCache', () => {
  it('looks up every time while change notices are not heard', async () => {
    const cache = new ActorCache({ ttlMs: 60_000, max: 10 });
    const { calls, find } = counted({ actor: actor(1), validUntil: null });
    await cache.get('a', find);
    await cache.get('a', find);
    expect(calls.n).toBe(2);
  });

  it('keeps a found actor until cleared, and never an unknown credential', async () => {
    const cache = new ActorCache({ ttlMs: 60_000, max: 10 });
    cache.setListening(true);
    const { calls, find } = counted({ actor: actor(1), validUntil: null });
    expect((await cache.get('a', find))?.userId).toBe(1);
    expect((await cache.get('a', find))?.userId).toBe(1);
    expect(calls.n).toBe(1);
    cache.clear();
    await cache.get('a', find);
    expect(calls.n).toBe(2);
    const unknown = counted(null);
    await cache.get('b', unknown.find);
    await cache.get('b', unknown.find);
    expect(unknown.calls.n).toBe(2);
  });

  it('does not store a lookup that began before an emptying (its answer may predate the change)', async () => {
    const cache = new ActorCache({ ttlMs: 60_000, max: 10 });
    cache.setListening(true);
    let release = () => undefined as void;
    const slow = new Promise<void>((r) => { release = r; });
    const pending = cache.get('a', async () => { await slow; return { actor: actor(1), validUntil: null }; });
    cache.clear();
    release();
    await pending;
    expect(cache.size).toBe(0);
  });

  it("keeps an actor no longer than its credential's own end, and nothing once the notices stop", async () => {
    let now = 1_000_000;
    const cache = new ActorCache({ ttlMs: 60_000, max: 10, now: () => now });
    cache.setListening(true);
    const { calls, find } = counted({ actor: actor(1), validUntil: new Date(now + 5_000) });
    await cache.get('a', find);
    now += 4_000;
    await cache.get('a', find);
    expect(calls.n).toBe(1);
    now += 2_000;
    await cache.get('a', find);
    expect(calls.n).toBe(2);
    cache.setListening(false);
    expect(cache.size).toBe(0);
    await cache.get('a', find);
    expect(cache.size).toBe(0);
  });
});
