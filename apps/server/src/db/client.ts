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
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}
