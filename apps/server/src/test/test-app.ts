import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { sessionCookies } from '@syrx/contracts/auth';
import { buildApp } from '../app.ts';
import type { JobHandler } from '../modules/jobs/job-handler.ts';
import { loadConfig } from '../config/env.ts';
import { connectDatabase, type Db, runMigrations } from '../db/client.ts';
import { bootstrap } from '../modules/users/bootstrap.service.ts';

export const adminCredentials = { username: 'admin', password: 'admin-test-password' };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
  /** A cookie-keeping client, as a browser would be. */
  client(): TestClient;
}

/**
 * The real server on the run's real database (PGlite or PostgreSQL), emptied and bootstrapped afresh.
 * @param env extra environment, as the server would read it; the job worker is off unless JOB_WORKER is 'true'
 * @param opts keepData: start on the data as it is (a server restarted after an outage); terminalIdleMs: a short idle limit;
 *   jobHandlers: handlers that replace the standard ones of their job types; databaseUrl: another PostgreSQL server
 *   (a private one a test restarts), migrated here
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { keepData?: boolean; terminalIdleMs?: number; jobHandlers?: JobHandler[]; databaseUrl?: string } = {},
): Promise<TestApp> {
  const config = loadConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', DEMO: 'false', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', JOB_WORKER: 'false', ...env });
  const database = connectDatabase(opts.databaseUrl ?? inject('databaseUrl'), { embedded: !opts.databaseUrl && inject('embedded') });
  if (opts.databaseUrl) await runMigrations(database.db);
  else if (!opts.keepData) await resetDatabase(database.db);
  await bootstrap(database.db, { adminUsername: adminCredentials.username, adminPassword: adminCredentials.password, demo: config.demo });
  const app = await buildApp({ config, db: database.db, pool: database.pool, logger: false, ...(opts.terminalIdleMs ? { terminalIdleMs: opts.terminalIdleMs } : {}), ...(opts.jobHandlers ? { jobHandlers: opts.jobHandlers } : {}) });
  await app.ready();
  return {
    app,
    db: database.db,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Catalogues that every start seeds idempotently and that tests only read: kept between tests, because seeding them
 * from empty before every test (hundreds of rows) cost a quarter of a second each.
 */
const keptCatalogues = new Set(['components', 'component_points', 'weather_stations']);

async function resetDatabase(db: Db): Promise<void> {
  const r = await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = r.rows.filter((t) => !keptCatalogues.has(t.tablename)).map((t) => `"${t.tablename}"`).join(', ');
  if (tables) await db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string> | undefined) };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = this.cookies.get(sessionCookies.csrf);
    if (opts.csrf !== false && csrf) headers[sessionCookies.csrfHeader] = csrf;
    const res = await this.app.inject({ ...opts, headers });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: object, opts: { csrf?: boolean } = {}) {
    return this.request({ method: 'POST', url, payload: payload ?? {}, ...opts });
  }
  delete(url: string, opts: { csrf?: boolean } = {}) {
    return this.request({ method: 'DELETE', url, ...opts });
  }

  async signIn(username = adminCredentials.username, password = adminCredentials.password): Promise<LightMyRequestResponse> {
    await this.get('/api/Login');
    return this.post('/api/Login', { username, password });
  }
}
