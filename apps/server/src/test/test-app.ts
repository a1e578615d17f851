import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { sessionCookies } from '@syrx/contracts/auth';
import { buildApp } from '../app.ts';
import type { JobHandler } from '../modules/jobs/job-handler.ts';
import { loadConfig } from '../config/env.ts';
import { connectDatabase, type Database, type Db, runMigrations } from '../db/client.ts';
import { bootstrap } from '../modules/users/bootstrap.service.ts';

export const adminCredentials = { username: 'admin', password: 'admin-test-password' };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The pool the app's statements go through (a test can count them). */
  pool: Database['pool'];
  close(): Promise<void>;
  /** A cookie-keeping client, as a browser would be. */
  client(): TestClient;
}

export interface TestAppOptions {
  keepData?: boolean;
  terminalIdleMs?: number;
  jobHandlers?: JobHandler[];
  databaseUrl?: string;
}

/**
 * The real server on the run's real database (PGlite or PostgreSQL), emptied and bootstrapped afresh.
 * @param env extra environment, as the server would read it; the job worker is off unless JOB_WORKER is 'true'
 * @param opts keepData: start on the data as it is (a server restarted after an outage); terminalIdleMs: a short idle limit;
 *   jobHandlers: handlers that replace the standard ones of their job types; databaseUrl: another PostgreSQL server
 *   (a private one a test restarts), migrated here
 */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  // The actor cache is off unless a test turns it on: tests write roles and sessions by SQL and expect the next request
  // to see them, where production's other writers are heard a moment later (security/actor-cache.int.test.ts).
  const config = loadConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', DEMO: 'false', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', JOB_WORKER: 'false', ACTOR_CACHE_SECONDS: '0', ...env });
  const databaseUrl = opts.databaseUrl ?? inject('databaseUrl');
  const embedded = !opts.databaseUrl && inject('embedded');
  const database = connectDatabase(databaseUrl, { embedded });
  if (opts.databaseUrl) await runMigrations(database.db);
  else if (!opts.keepData) await resetDatabase(database.db);
  await bootstrap(database.db, { adminUsername: adminCredentials.username, adminPassword: adminCredentials.password, demo: config.demo });
  if (!opts.databaseUrl) seededCatalogues ??= await catalogueDigest(database.db);
  // On PostgreSQL the actor cache, when on, hears the change notices of the test's database as in production.
  const app = await buildApp({ config, db: database.db, pool: database.pool, logger: false, ...(embedded ? {} : { changeNoticesUrl: databaseUrl }), ...(opts.terminalIdleMs ? { terminalIdleMs: opts.terminalIdleMs } : {}), ...(opts.jobHandlers ? { jobHandlers: opts.jobHandlers } : {}) });
  await app.ready();
  return {
    app,
    db: database.db,
    pool: database.pool,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** What each test of a file starts and leaves to undo: its servers, sockets, agents, workers and scratch directories. */
export interface TestApps {
  /** Starts a server for the running test (as createTestApp); it closes after the test. */
  start(env?: Record<string, string>, opts?: TestAppOptions): Promise<TestApp>;
  /** Undoes these after the test, the last added first, before its servers close. */
  defer(...undo: (() => unknown)[]): void;
  /** A fresh scratch directory, removed after the test. */
  tempDir(prefix: string): string;
  /** Closes the test's servers now (a test that stops the server and starts it again); the rest is still undone after it. */
  close(): Promise<void>;
}

/** What undoes a test's sockets, agents and the like after it (a TestApps). */
export type Cleanups = Pick<TestApps, 'defer'>;

/** The servers of each test of the file and what the test leaves running, undone after each test; call it at the top level. */
export function useTestApps(): TestApps {
  const running: TestApp[] = [];
  const undo: (() => unknown)[] = [];
  const close = async () => {
    for (const t of running.splice(0).reverse()) await t.close();
  };
  afterEach(async () => {
    for (const u of undo.splice(0).reverse()) await u();
    await close();
  });
  return {
    async start(env, opts) {
      const t = await createTestApp(env, opts);
      running.push(t);
      return t;
    },
    defer: (...more) => void undo.push(...more),
    tempDir(prefix) {
      const dir = mkdtempSync(path.join(tmpdir(), prefix));
      undo.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    close,
  };
}

/**
 * One server for all the tests of the file (started before the first, closed after the last) and its administrator,
 * signed in; call it at the top level. Its fields hold while the tests run.
 */
export function useFileTestApp(env: Record<string, string> = {}): TestApp & { readonly admin: TestClient } {
  let t: TestApp | undefined;
  let admin: TestClient | undefined;
  beforeAll(async () => {
    t = await createTestApp(env);
    admin = t.client();
    await admin.signIn();
  });
  afterAll(async () => t?.close());
  const running = (): TestApp => {
    if (!t) throw new Error('The file\'s test server is not running.');
    return t;
  };
  return {
    get app() { return running().app; },
    get db() { return running().db; },
    get pool() { return running().pool; },
    get admin() {
      running();
      return admin as TestClient;
    },
    client: () => running().client(),
    close: () => running().close(),
  };
}

/**
 * Catalogues that every start seeds idempotently: kept between tests unless a test changed them, because seeding them
 * from empty before every test (hundreds of rows) cost a quarter of a second each.
 */
const keptCatalogues = new Set(['components', 'component_points', 'weather_stations', 'catalogue_seeds']);
/** The kept catalogues' content as the first bootstrap of the run seeded it. */
let seededCatalogues: string | undefined;

async function catalogueDigest(db: Db): Promise<string> {
  const parts = [...keptCatalogues].map((t) => `(select coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from "${t}" x)`);
  return (await db.execute<{ d: string }>(sql.raw(`select ${parts.join(` || '/' || `)} as d`))).rows[0]?.d ?? '';
}

/**
 * Empties what the last test wrote, as `truncate … restart identity` of every table did, in a tenth of the time on
 * PostgreSQL (whose TRUNCATE makes new files for each table and index: 350–450 ms, as the tables that hold rows reach
 * nearly all others by their foreign keys): DELETE of the tables that hold rows, with the foreign-key triggers off for
 * the transaction (every table is emptied, so no reference is left dangling), and their sequences used since set back
 * to their start.
 */
async function resetDatabase(db: Db): Promise<void> {
  // Asked each time: a test may add a table of its own (test/counting-job-handler.ts).
  const publicTables = (await db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)).rows.map((t) => t.tablename);
  // A test that changed a kept catalogue (its Admin screens write it) leaves it to be seeded afresh.
  const changed = seededCatalogues !== undefined && (await catalogueDigest(db)) !== seededCatalogues;
  const candidates = publicTables.filter((t) => changed || !keptCatalogues.has(t));
  if (candidates.length === 0) return;
  const probes = candidates.map((t) => sql`select ${t}::text as t where exists (select 1 from ${sql.identifier(t)})`);
  const holding = (await db.execute<{ t: string }>(sql.join(probes, sql` union all `))).rows.map((r) => r.t);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const t of holding) await tx.execute(sql`delete from ${sql.identifier(t)}`);
  });
  // The sequences of the emptied tables (serial or identity columns) that were used since: back to their start.
  await db.execute(sql`select setval(s.oid::regclass, q.start_value, false) from pg_sequences q
    join pg_class s on s.relname = q.sequencename and s.relnamespace = 'public'::regnamespace
    join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.deptype in ('a', 'i')
    join pg_class t on t.oid = d.refobjid
    where q.schemaname = 'public' and q.last_value is not null and t.relname in (${sql.join(candidates.map((t) => sql`${t}`), sql`, `)})`);
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string> | undefined) };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
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

  /** The client's cookies as a Cookie header (for its sockets). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
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
