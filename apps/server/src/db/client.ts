import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
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
  // An idle connection that breaks (a database restart) must not crash the server; the next query reconnects.
  pool.on('error', (err) => process.stderr.write(`database connection lost: ${err.message}\n`));
  // The pool listens only to idle connections: one checked out between statements (inside a transaction, or the
  // migration lock's) emits its 'error' to nobody, which Node turns into an uncaught exception. Its next query fails
  // (a 503 to the caller) and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
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
