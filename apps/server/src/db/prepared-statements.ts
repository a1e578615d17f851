import { createHash } from 'node:crypto';
import type pg from 'pg';

export interface PreparedStatementOptions {
  /** A statement text gets a name at this use (earlier uses go unnamed): one-off statements are never prepared. */
  namedFromUse: number;
  /** At most this many texts are named (per process, so per connection too): bounds each backend's memory. */
  maxNames: number;
}

const defaults: PreparedStatementOptions = { namedFromUse: 3, maxNames: 100 };

/**
 * SQLSTATEs that say a connection's prepared statements are out of step with what node-postgres believes, all raised
 * before the statement runs (Parse or Bind): 42P05 the name exists already, 26000 it does not exist, 0A000 "cached
 * plan must not change result type" (another instance migrated the schema under a statement this one prepared).
 */
const staleStatementCodes = new Set(['42P05', '26000', '0A000']);
const isStale = (err: unknown): boolean => typeof err === 'object' && err !== null && staleStatementCodes.has(String((err as { code?: unknown }).code));

type QueryConfig = { text: string; name?: string } & Record<string, unknown>;
const isQueryConfig = (c: unknown): c is QueryConfig => typeof c === 'object' && c !== null && typeof (c as { text?: unknown }).text === 'string';

/** The counts of what the pool's statements did, for tests and /metrics. */
export interface PreparedStatementStats {
  /** Statement texts named so far. */
  readonly named: number;
  /** Statements sent again unnamed after a stale-statement error (that connection was discarded). */
  retried: number;
}

/**
 * Makes the statements that recur on `pool.query` (parameterised, outside transactions) named prepared statements,
 * named by a hash of their text: PostgreSQL then parses and plans each once per connection instead of at every call
 * (bench:api-load: the planning of a list request's queries was as much database CPU as running them).
 *
 * Should a connection's statements be out of step with node-postgres's record of them (see staleStatementCodes), the
 * statement failed before it ran: pg-pool discards that connection (every pool.query error does), and the statement is
 * sent once more, unnamed, on another.
 */
export function prepareRecurringStatements(pool: pg.Pool, options: Partial<PreparedStatementOptions> = {}): PreparedStatementStats {
  const o = { ...defaults, ...options };
  const uses = new Map<string, number>();
  const names = new Map<string, string>();
  const stats: PreparedStatementStats = {
    get named() {
      return names.size;
    },
    retried: 0,
  };
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known || names.size >= o.maxNames) return known;
    const n = (uses.get(text) ?? 0) + 1;
    if (n < o.namedFromUse) {
      // Texts that vary (a list of n values) must not grow this without bound.
      if (uses.size >= 10_000) uses.clear();
      uses.set(text, n);
      return undefined;
    }
    uses.delete(text);
    const name = `syrx_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
    return name;
  };

  const query = pool.query.bind(pool) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  (pool as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    const name = callback === undefined && isQueryConfig(config) && !config.name && Array.isArray(values) && values.length > 0 ? nameOf(config.text) : undefined;
    if (!name) return query(config, values, callback);
    return (query({ ...(config as QueryConfig), name }, values) as Promise<unknown>).catch((err: unknown) => {
      if (!isStale(err)) throw err;
      stats.retried++;
      return query(config, values);
    });
  };
  return stats;
}
