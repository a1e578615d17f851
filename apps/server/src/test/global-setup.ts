import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { connectDatabase, runMigrations } from '../db/client.ts';
import { startEmbeddedDatabase } from '../db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    embedded: boolean;
  }
}

const adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * One database per test run: an in-memory PGlite in its child process, or a fresh uniquely named
 * database on the machine's PostgreSQL, dropped at the end. Migrations run once here.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's env reaches its test files, not this setup (it runs in vitest's own process): read it from the config.
  if ((project.config.env?.TEST_DB ?? process.env.TEST_DB) === 'postgres') {
    const name = `syrx_test_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = `postgres://postgres@127.0.0.1:5432/${name}`;
    await migrate(url, false);
    project.provide('databaseUrl', url);
    project.provide('embedded', false);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const embedded = await startEmbeddedDatabase('memory://');
  await migrate(embedded.url, true);
  project.provide('databaseUrl', embedded.url);
  project.provide('embedded', true);
  return () => embedded.stop();
}

async function migrate(url: string, embedded: boolean): Promise<void> {
  const database = connectDatabase(url, { embedded });
  await runMigrations(database.db);
  await database.close();
}
