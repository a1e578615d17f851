/**
 * The database side of bench/metrics.ts: a fresh database (bench-databases.ts) migrated and bootstrapped, with one
 * controller; the server's own metrics service over it; and the agent-style batches of 15-second samples of 20
 * processes.
 */
import type { AgentMetricSample } from '@syrx/contracts/metrics';
import { createControllersService, createGroupsService, createMetricsService, type Database, DomainEvents } from '@syrx/server/testing';
import { plantController, stepBatches } from './bench-databases.ts';

export const seriesCount = 20;
export const stepMs = 15_000;
export const batchSize = 5000;
export const groupNames = Array.from({ length: seriesCount }, (_, i) => `process-${String(i + 1).padStart(2, '0')}`);

/** Migrations, the administrator and one controller; the metrics service and an actor who sees everything. */
export async function plant(db: Database['db']) {
  const { controllerId, actor } = await plantController(db);
  const metrics = createMetricsService(db, createControllersService(db, createGroupsService(db), new DomainEvents()));
  return { controllerId, metrics, actor };
}

/** Agent-style batches (every process at each 15-second step, oldest first) over [start, start + days). */
export const batches = (start: number, days: number): Generator<AgentMetricSample[]> => stepBatches(start, days, stepMs, batchSize, (t, s) =>
  groupNames.map((name, i): AgentMetricSample => [t, 'process', name, 5 + 4 * Math.sin((s + i * 40) / 240) + (s % 7) * 0.1, 10 + i + (s % 11) * 0.05, 50_000 + i * 1000 + (s % 97) * 3]));
