/**
 * The database of a command-line tool: the configured one (DATABASE_URL, or the embedded one in DATA_DIR, whose server
 * must be stopped first: one process owns the data directory), migrated, and closed when the work is done.
 */
import { loadConfig } from '../config/env.ts';
import { connectDatabase, type Db, runMigrations } from '../db/client.ts';
import { startEmbeddedDatabase } from '../db/embedded.ts';

export async function withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const embedded = config.databaseUrl ? null : await startEmbeddedDatabase(config.dataDir);
  const database = connectDatabase(config.databaseUrl ?? embedded?.url ?? '', { embedded: embedded !== null });
  try {
    await runMigrations(database.db);
    return await work(database.db);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}
