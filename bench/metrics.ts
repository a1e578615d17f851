/**
 * Controller metrics, on a fresh PostgreSQL database (127.0.0.1:5432) and on PGlite in its child process as the server
 * runs it: 30 days of 15-second samples of 20 processes (3,456,000 samples) loaded through the server's ingest (agent
 * batches of 5000; the 5-minute and hourly rollups kept by the same statement), then the chart's read of all 20 over
 * the 30 days at 1 h through the metrics service against the very statement it runs, executed raw with pg; the same
 * over a range with partial hours at both ends; and, for scale, a plain date_bin over the samples themselves. Prints
 * figures; asserts nothing.
 * Run: npm run bench:metrics [-- --only postgres|pglite] [-- --days 30]
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { metricResolutions } from '@syrx/contracts/metrics';
import { aggregateSql, bucketOrigin } from '@syrx/server/testing';
import { type BenchDatabase, onEachDatabase } from './bench-databases.ts';
import { arg, fmt, median, timed } from './bench-kit.ts';
import { batches, groupNames, plant, seriesCount, stepMs } from './metrics-setup.ts';

const days = Number(arg('days') ?? 30);
const rounds = 7;

const plainDateBin = `select group_name, date_bin(make_interval(secs => $5), ts, '${bucketOrigin}'::timestamptz) as b,
    avg(cpu_percent), min(cpu_percent), max(cpu_percent), avg(mem_percent), min(mem_percent), max(mem_percent), avg(mem), min(mem), max(mem)
  from controller_metrics where syrx_controller_id = $1::uuid and group_type = 'process' and group_name = any($2::text[])
    and ts >= $3::timestamptz and ts < $4::timestamptz
  group by 1, 2 order by 2, 1`;

async function run(bdb: BenchDatabase): Promise<void> {
  const { db, pool } = bdb.database;
  const p = await plant(db);
  const from = Date.parse('2026-09-14T00:00:00Z');
  const to = from + days * 86_400_000;

  let loaded = 0;
  const loadMs = await timed(async () => {
    for (const b of batches(from, days)) {
      const ack = await p.metrics.fromAgent(p.controllerId, b, to);
      if (!ack.ok || ack.stored !== b.length) throw new Error(`batch not stored: ${JSON.stringify(ack)}`);
      loaded += b.length;
    }
  });
  await db.execute(sql`analyze controller_metrics`);
  await db.execute(sql`analyze controller_metric_rollups`);
  console.log(`  load of ${days} days × ${seriesCount} processes at ${stepMs / 1000} s through the server's ingest (rollups included): ${fmt(loaded)} samples at ${fmt(loaded / (loadMs / 1000))} samples/s`);

  const query = { startDate: new Date(from).toISOString(), endDate: new Date(to).toISOString(), groupType: 'process' as const, groups: groupNames, resolution: '1h' as const };
  let check = '';
  const service = () => timed(async () => {
    const buckets = await p.metrics.series(p.actor, p.controllerId, query);
    check = `${buckets.length} buckets × ${buckets[0]?.groups.length ?? 0} groups`;
  });
  // The statement the service runs, as text and parameters, executed raw with pg.
  const statement = aggregateSql({ controllerId: p.controllerId, groupType: 'process', groups: groupNames, from, to }, metricResolutions['1h']);
  if (!statement) throw new Error('no statement');
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  let rawCheck = '';
  const raw = () => timed(async () => {
    rawCheck = `${(await pool.query(text, params)).rowCount} rows`;
  });
  let plainCheck = '';
  const plain = () => timed(async () => {
    plainCheck = `${(await pool.query(plainDateBin, [p.controllerId, groupNames, query.startDate, query.endDate, 3600])).rowCount} rows`;
  });
  await service();
  await raw();
  await plain();
  const sMs: number[] = [];
  const rMs: number[] = [];
  const pMs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    sMs.push(await service());
    rMs.push(await raw());
    pMs.push(await plain());
  }
  const s = median(sMs);
  const r = median(rMs);
  const pl = median(pMs);
  console.log(`  chart read, ${seriesCount} processes × ${days} days at 1 h (median of ${rounds}): metrics service ${s.toFixed(1)} ms (${check}); the same statement raw ${r.toFixed(1)} ms (${rawCheck}); ours/raw ${(s / r).toFixed(2)}`);
  // A range that starts and ends mid-hour: the partial hours come from the samples, the rest from the rollups.
  const edged = { ...query, startDate: new Date(from + 600_000).toISOString(), endDate: new Date(to - 600_000).toISOString() };
  const eMs: number[] = [];
  for (let i = 0; i < rounds; i++) eMs.push(await timed(() => p.metrics.series(p.actor, p.controllerId, edged)));
  console.log(`  the same less 10 minutes at either end (partial hours read from the samples): metrics service ${median(eMs).toFixed(1)} ms`);
  console.log(`  for scale: a plain date_bin over the ${fmt(loaded)} samples ${pl.toFixed(0)} ms (${plainCheck}); ours/plain ${(s / pl).toFixed(3)}`);
}

await onEachDatabase('metrics', run);
