import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type PreparedStatementStats, prepareRecurringStatements } from './prepared-statements.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`: use it, never the outer db, within a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** What prepareRecurringStatements did (PostgreSQL; none on the embedded database). */
  statements: PreparedStatementStats | null;
  close(): Promise<void>;
}

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/**
 * Connects to PostgreSQL with a pool of `poolSize` connections at most (10 unless given; DATABASE_POOL_SIZE), or to the
 * embedded PGlite socket, which allows one transaction at a time: hence a pool of one connection for it.
 */
export function connectDatabase(url: string, opts: { embedded: boolean; poolSize?: number }): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.embedded ? 1 : (opts.poolSize ?? 10) });
  // An idle connection that breaks (a database restart) must not crash the server; the next query reconnects.
  pool.on('error', (err) => process.stderr.write(`database connection lost: ${err.message}\n`));
  // The pool listens only to idle connections: one checked out between statements (inside a transaction, or the
  // migration lock's) emits its 'error' to nobody, which Node turns into an uncaught exception. Its next query fails
  // (a 503 to the caller) and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  releaseDeadConnections(pool);
  // On the embedded database (PGlite behind its socket, one connection) statements stay unnamed: the gain was measured
  // on PostgreSQL, and PGlite's handling of named statements is not tested here.
  const statements = opts.embedded ? null : prepareRecurringStatements(pool);
  const db = drizzle(pool, { schema });
  return { db, pool, statements, close: () => pool.end() };
}

/**
 * Drizzle's transaction() sends BEGIN before the try/finally that releases its connection (drizzle-orm 0.45.4,
 * drizzle-team/drizzle-orm#6241): when the connection dies under BEGIN (a database restart), the connection is never
 * given back, the pool has one fewer for good, and closing the pool waits for it for ever. So a connection checked
 * out with connect() goes back to the pool (discarded) as soon as it ends, and a second release is a no-op. (The
 * callback form of connect(), which pool.query() uses, releases by itself and is left alone.)
 */
function releaseDeadConnections(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient> | undefined;
  async function checkOut(): Promise<pg.PoolClient> {
    const client = (await connect()) as pg.PoolClient;
    const release = client.release.bind(client);
    let released = false;
    const onEnd = () => client.release(new Error('the connection ended'));
    client.release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      client.off('end', onEnd);
      release(err);
    };
    client.once('end', onEnd);
    return client;
  }
  pool.connect = ((...args: unknown[]) => (args.length > 0 ? connect(...args) : checkOut())) as typeof pool.connect;
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
