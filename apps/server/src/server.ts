import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, loadConfig } from './config/env.ts';
import { type Db, runMigrations } from './db/client.ts';
import { openConfiguredDatabase } from './db/configured.ts';
import { buildApp } from './app.ts';
import { bootstrap } from './modules/users/bootstrap.service.ts';

/** The server once it listens, as what runs beside it sees it. */
export interface ListeningServer {
  readonly config: Config;
  readonly db: Db;
  readonly log: FastifyBaseLogger;
  /** Where a program on this machine reaches this instance: its listening address and the port it got. */
  readonly localUrl: string;
}

/** Something that lives as long as the server's process (the launcher's demo building). */
export interface Companion {
  stop(): Promise<void>;
}

export interface RunOptions {
  /** Started once the server listens; stopped after the drain, before the server closes. */
  beside?: (server: ListeningServer) => Promise<Companion | null>;
}

/**
 * The server as a process runs it (`apps/server/src/main.ts`, and the launcher's `npm start`): parses the
 * configuration, opens the database (the embedded one in a child process when DATABASE_URL is unset), migrates,
 * bootstraps, listens, and on SIGINT or SIGTERM drains, stops what runs beside it, closes and exits.
 */
export async function runServer(options: RunOptions = {}): Promise<void> {
  // The heap grows by 30 % past what a collection kept, not by V8's default factor (up to 4× for a young heap): at
  // 10,000 agents bench:fleet measured 803 → 415 MB RSS for a few hundredths of a core more (docs/decisions.md).
  v8.setFlagsFromString('--heap-growing-percent=30');

  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const { embedded } = database;
  await runMigrations(database.db, embedded ? undefined : database.pool);
  const app = await buildApp({ config, db: database.db, pool: database.pool, ...(config.databaseUrl ? { changeNoticesUrl: config.databaseUrl } : {}) });

  const first = await bootstrap(database.db, { adminUsername: config.adminUsername, adminPassword: config.adminPassword, demo: config.demo });
  if (first.generatedPassword) {
    // Printed once, on the first start of an empty database: it is not stored anywhere in clear.
    process.stdout.write(
      `\n  First start: created the administrator.\n    username: ${config.adminUsername}\n    password: ${first.generatedPassword}\n  Sign in at ${config.publicUrl}/login and keep the password safe; it is not shown again.\n\n`,
    );
  }

  let closing = false;
  let companion: Companion | null = null;
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down');
    // Readiness says 503 first, so the balancer stops sending new work here while what is here goes on.
    app.draining = true;
    if (config.shutdownDrainMs > 0) await sleep(config.shutdownDrainMs);
    await companion?.stop();
    await app.close();
    await database.stop();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const { port } = app.server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const localUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (options.beside) {
    companion = await options.beside({ config, db: database.db, log: app.log, localUrl });
  } else if (config.demo) {
    app.log.info('DEMO: the demo organizations are seeded; the demo building runs beside the server with npm start (apps/launcher)');
  }
  app.log.info({ url: config.publicUrl, database: embedded ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)', demo: config.demo }, 'Syrx console ready');
}
