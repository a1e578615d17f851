/**
 * The database of a command-line tool: the configured one (DATABASE_URL, or the embedded one in DATA_DIR, whose server
 * must be stopped first: one process owns the data directory), migrated, and closed when the work is done.
 */
import { loadConfig } from '../config/env.ts';
import { type Db, runMigrations } from '../db/client.ts';
import { openConfiguredDatabase } from '../db/configured.ts';

export async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await runMigrations(database.db);
    return await work(database.db);
  } finally {
    await database.stop();
  }
}
