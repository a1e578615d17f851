/**
 * Fresh databases for the benchmarks: a PostgreSQL database of our own on 127.0.0.1:5432 (dropped afterwards), or
 * PGlite on a scratch directory in its child process as the server runs it (pool of one); a benchmark run on each;
 * what the database benchmarks plant in them (a controller) and send (agent-style batches).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Actor, bootstrap, connectDatabase, type Database, runMigrations, startEmbeddedDatabase } from '@syrx/server/testing';
import { arg } from './bench-kit.ts';

export interface BenchDatabase {
  name: string;
  database: Database;
  stop(): Promise<void>;
}

/** `label` names the database (syrx_bench_{label}_{pid}) so benchmarks running together do not meet. */
export async function freshPostgres(label: string): Promise<BenchDatabase> {
  const dbName = `syrx_bench_${label}_${process.pid}`;
  const admin = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
  await admin.connect();
  await admin.query(`drop database if exists ${dbName}`);
  await admin.query(`create database ${dbName}`);
  const database = connectDatabase(`postgres://postgres@127.0.0.1:5432/${dbName}`, { embedded: false });
  return {
    name: 'PostgreSQL',
    database,
    async stop() {
      await database.close();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    },
  };
}

export async function freshPglite(label: string): Promise<BenchDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), `syrx-bench-${label}-`));
  const embedded = await startEmbeddedDatabase(dir);
  const database = connectDatabase(embedded.url, { embedded: true });
  return {
    name: 'PGlite (child process, on disk)',
    database,
    async stop() {
      await database.close();
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the benchmark on a fresh PostgreSQL database, then on PGlite (only the one `--only postgres|pglite` names),
 * printing each one's name first and stopping each afterwards.
 */
export async function onEachDatabase(label: string, run: (bdb: BenchDatabase, kind: 'postgres' | 'pglite') => Promise<void>): Promise<void> {
  const only = arg('only');
  for (const [kind, make] of [['postgres', freshPostgres], ['pglite', freshPglite]] as const) {
    if (only && only !== kind) continue;
    const bdb = await make(label);
    console.log(bdb.name);
    try {
      await run(bdb, kind);
    } finally {
      await bdb.stop();
    }
  }
}

/** Migrations, the administrator and one controller in the root group; an actor who sees everything. */
export async function plantController(db: Database['db']): Promise<{ controllerId: string; actor: Actor }> {
  await runMigrations(db);
  await bootstrap(db, { adminUsername: 'admin', adminPassword: 'bench-password', demo: false });
  const [root] = (await db.execute<{ id: number }>(sql`select id from groups where parent_id is null`)).rows;
  const [user] = (await db.execute<{ id: number }>(sql`select id from users where username = 'admin'`)).rows;
  const controllerId = randomUUID();
  await db.execute(sql`insert into syrx_controllers (id, group_id, name, secret_hash) values (${controllerId}, ${root?.id}, 'Bench controller', 'x')`);
  return { controllerId, actor: { userId: user?.id ?? 0, permissions: new Set(['groups_allow_all']), allowAll: true } };
}

/**
 * Agent-style batches of at most `batchSize` rows over [start, start + days): at each step of `stepMs`, oldest first,
 * the rows `rowsAt` gives for that step (its time and number).
 */
export function* stepBatches<T>(start: number, days: number, stepMs: number, batchSize: number, rowsAt: (time: number, step: number) => T[]): Generator<T[]> {
  const steps = (days * 86_400_000) / stepMs;
  let batch: T[] = [];
  for (let s = 0; s < steps; s++) {
    batch.push(...rowsAt(start + s * stepMs, s));
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
