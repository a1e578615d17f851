import type { Config } from '../config/env.ts';
import { connectDatabase, type Database } from './client.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded.ts';

export interface ConfiguredDatabase extends Database {
  /** The embedded database's child process, when DATABASE_URL is unset. */
  embedded: EmbeddedDatabase | null;
  /** Closes the pool, then stops the embedded database. */
  stop(): Promise<void>;
}

/**
 * The configured database, as the server and the command-line tools open it: PostgreSQL at DATABASE_URL with a pool of
 * DATABASE_POOL_SIZE connections, or the embedded one in DATA_DIR (its child process started first, one connection).
 */
export async function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'dataDir'>): Promise<ConfiguredDatabase> {
  const embedded = config.databaseUrl ? null : await startEmbeddedDatabase(config.dataDir);
  const database = connectDatabase(config.databaseUrl ?? embedded?.url ?? '', { embedded: embedded !== null, poolSize: config.databasePoolSize });
  return {
    ...database,
    embedded,
    async stop() {
      await database.close();
      await embedded?.stop();
    },
  };
}
