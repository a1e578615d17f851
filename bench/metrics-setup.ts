/**
 * The database side of bench/metrics.ts: a fresh database of our own (PostgreSQL on 127.0.0.1:5432, or PGlite in its
 * child process as the server runs it), migrated and bootstrapped, with one controller; the server's own metrics
 * service over it; and the agent-style batches of 15-second samples of 20 processes.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AgentMetricSample } from '@syrx/contracts/metrics';
import { type Actor, bootstrap, createControllersService, createGroupsService, createMetricsService, type Database, DomainEvents, runMigrations } from '@syrx/server/testing';
import { freshPglite as freshPgliteOf, freshPostgres as freshPostgresOf } from './bench-databases.ts';

export const seriesCount = 20;
export const stepMs = 15_000;
export const batchSize = 5000;
export const groupNames = Array.from({ length: seriesCount }, (_, i) => `process-${String(i + 1).padStart(2, '0')}`);

export { type BenchDatabase } from './bench-databases.ts';
export const freshPostgres = () => freshPostgresOf('metrics');
export const freshPglite = () => freshPgliteOf('metrics');

/** Migrations, the administrator and one controller; the metrics service and an actor who sees everything. */
export async function plant(db: Database['db']) {
  await runMigrations(db);
  await bootstrap(db, { adminUsername: 'admin', adminPassword: 'bench-password', demo: false });
  const [root] = (await db.execute<{ id: number }>(sql`select id from groups where parent_id is null`)).rows;
  const [user] = (await db.execute<{ id: number }>(sql`select id from users where username = 'admin'`)).rows;
  const controllerId = randomUUID();
  await db.execute(sql`insert into syrx_controllers (id, group_id, name, secret_hash) values (${controllerId}, ${root?.id}, 'Bench controller', 'x')`);
  const metrics = createMetricsService(db, createControllersService(db, createGroupsService(db), new DomainEvents()));
  const actor: Actor = { userId: user?.id ?? 0, permissions: new Set(['groups_allow_all']), allowAll: true };
  return { controllerId, metrics, actor };
}

/** Agent-style batches (every process at each 15-second step, oldest first) over [start, start + days). */
export function* batches(start: number, days: number): Generator<AgentMetricSample[]> {
  const steps = (days * 86_400_000) / stepMs;
  let batch: AgentMetricSample[] = [];
  for (let s = 0; s < steps; s++) {
    const t = start + s * stepMs;
    for (const [i, name] of groupNames.entries()) {
      batch.push([t, 'process', name, 5 + 4 * Math.sin((s + i * 40) / 240) + (s % 7) * 0.1, 10 + i + (s % 11) * 0.05, 50_000 + i * 1000 + (s % 97) * 3]);
    }
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
