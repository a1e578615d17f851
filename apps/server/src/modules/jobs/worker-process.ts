/**
 * A job worker in a process of its own: the server's app built without listening (so it registers the same standard
 * handlers) with its worker on, against DATABASE_URL (already migrated by the server). Other settings come from the
 * environment as for the server (JOB_POLL_MS, JOB_CONCURRENCY, JOB_LEASE_MS, JOB_LEASE_RENEW_MS).
 *
 *   tsx apps/server/src/modules/jobs/worker-process.ts [--embedded] [--handlers <module>]…
 *
 * --embedded: DATABASE_URL is the embedded database's socket (one connection). --handlers: a module whose exported
 * `jobHandlers: JobHandler[]` replace the standard handlers of their types (tests). SIGTERM, SIGINT or the parent's
 * IPC channel closing stops it gracefully (its jobs go back to the queue); SIGKILL leaves them to lease expiry. With an
 * IPC channel it sends { type: 'ready', workerId } once it runs.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { connectDatabase } from '../../db/client.ts';
import type { JobHandler } from './job-handler.ts';

const { values } = parseArgs({ options: { embedded: { type: 'boolean', default: false }, handlers: { type: 'string', multiple: true, default: [] } } });
const config = loadConfig();
if (!config.databaseUrl) {
  process.stderr.write('worker-process: DATABASE_URL is required\n');
  process.exit(2);
}

const jobHandlers: JobHandler[] = [];
for (const file of values.handlers) {
  const mod = (await import(pathToFileURL(path.resolve(file)).href)) as { jobHandlers?: JobHandler[] };
  if (!Array.isArray(mod.jobHandlers)) throw new Error(`${file} exports no jobHandlers array`);
  jobHandlers.push(...mod.jobHandlers);
}

const database = connectDatabase(config.databaseUrl, { embedded: values.embedded, poolSize: config.databasePoolSize });
const workerId = `${hostname()}:${process.pid}:worker-${randomUUID().slice(0, 8)}`;
const app = await buildApp({ config: { ...config, demo: false, jobs: { ...config.jobs, worker: true } }, db: database.db, pool: database.pool, jobHandlers, jobWorkerId: workerId });
await app.ready();

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'job worker process stopping');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
process.on('disconnect', () => void stop('disconnect'));
process.send?.({ type: 'ready', workerId });
