/**
 * Fresh databases for the benchmarks: a PostgreSQL database of our own on 127.0.0.1:5432 (dropped afterwards), or
 * PGlite on a scratch directory in its child process as the server runs it (pool of one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type Database, startEmbeddedDatabase } from '@syrx/server/testing';

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
