import { LRUCache } from 'lru-cache';
import type { Actor } from './actor.ts';

/** An actor as its lookup found it, and until when its credential holds (null: no end of its own). */
export interface FoundActor {
  actor: Actor;
  validUntil: Date | null;
}

export interface ActorCacheOptions {
  /** How long an entry is kept at most (the credential's own end comes first). */
  ttlMs: number;
  /** How many credentials are kept at most (the least recently used go first). */
  max: number;
  now?: () => number;
}

/**
 * The actors of recent access tokens, so that a request does not wait for its user's lookup (one of the two database
 * round trips of a list page; docs/decisions.md, "The actor cache"). Trusted only while change notices are heard
 * (`setListening(true)`): a write to what an actor is made of (users, sessions, roles, groups, grants) empties it on
 * every instance through a PostgreSQL notice, and this instance's own user writes empty it before their answers go
 * out (`clear()`), so a role change or a sign-out applies from the next request on. A lookup that began before an
 * emptying is not stored (its answer may predate the change). Unknown credentials are never cached.
 */
export class ActorCache {
  private readonly entries: LRUCache<string, Actor>;
  private generation = 0;
  private listening = false;
  private readonly now: () => number;

  constructor(private readonly o: ActorCacheOptions) {
    this.now = o.now ?? Date.now;
    this.entries = new LRUCache<string, Actor>({ max: o.max, ttl: o.ttlMs, ttlResolution: 0, perf: { now: this.now } });
  }

  /** The actor of `key`: cached, or looked up by `find` (and cached when the cache may be trusted). */
  async get(key: string, find: () => Promise<FoundActor | null>): Promise<Actor | null> {
    if (!this.listening) return (await find())?.actor ?? null;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const since = this.generation;
    const found = await find();
    if (!found) return null;
    const ttl = Math.min(this.o.ttlMs, found.validUntil ? found.validUntil.getTime() - this.now() : Infinity);
    if (since === this.generation && this.listening && ttl > 0) this.entries.set(key, found.actor, { ttl });
    return found.actor;
  }

  /** Forgets every actor (something they are made of changed). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /** Whether change notices are heard; while not, nothing is cached. */
  setListening(listening: boolean): void {
    this.clear();
    this.listening = listening;
  }

  get size(): number {
    return this.entries.size;
  }
}
