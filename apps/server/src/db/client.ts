import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { createHash } from 'node:crypto';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`: use it, never the outer db, within a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/**
 * Connects to PostgreSQL (or the embedded PGlite socket, which allows one transaction at a time:
 * hence a pool of one connection for it).
 */
export function connectDatabase(url: string, opts: { embedded: boolean }): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.embedded ? 1 : 10 });
  if (!opts.embedded) prepareStatements(pool);
  // An idle connection that breaks (a database restart) must not crash the server; the next query reconnects.
  pool.on('error', (err) => process.stderr.write(`database connection lost: ${err.message}\n`));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * Every query with parameters that goes through the pool becomes a named prepared statement (named by a hash of its
 * text): PostgreSQL parses and analyses it once per connection instead of at every call (a list request's half-dozen
 * queries cost about half as much database time; measured by bench:api-load). The statements are the code's own
 * (values are always parameters), so their number is bounded. Transactions (on a client of their own) stay unnamed.
 */
function prepareStatements(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  const names = new Map<string, string>();
  (pool as { query: unknown }).query = (config: unknown, values?: unknown) => {
    if (config && typeof config === 'object' && 'text' in config && !('name' in config && config.name) && Array.isArray(values) && values.length > 0) {
      const text = String(config.text);
      let name = names.get(text);
      if (!name) {
        name = `syrx_${createHash('sha1').update(text).digest('base64url')}`;
        if (names.size < 10_000) names.set(text, name);
      }
      return query({ ...config, name }, values);
    }
    return query(config, values);
  };
}

/**
 * Applies the migrations not yet applied. With `lockPool` (PostgreSQL), instances starting together take turns under
 * an advisory lock held on a connection of its own, so only the first applies them. (Not for PGlite's pool of one.)
 */
export async function runMigrations(db: Db, lockPool?: pg.Pool): Promise<void> {
  const lock = await lockPool?.connect();
  try {
    await lock?.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migrate(db, { migrationsFolder });
  } finally {
    await lock?.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    lock?.release();
  }
}
const migrationLockKey = 7_134_500_111;
