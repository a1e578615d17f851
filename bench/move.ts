/**
 * Copying a point's records, on a fresh PostgreSQL database (127.0.0.1:5432) and on PGlite in its child process as the
 * server runs it: 1,000,000 15-second records of a vendor point copied to a PCS point through the real copy handler
 * (a 'point_record_copy' job run by the server's job worker: chunks of 50,000, one transaction each with its cursor,
 * the series' summaries recomputed at the end) against one bare INSERT INTO point_records SELECT … WHERE
 * data_point_id = src of the same rows, alternately, the destination emptied before each. Prints figures; asserts
 * nothing. Run: npm run bench:move [-- --only postgres|pglite] [-- --records 1000000] [-- --rounds 5]
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { createJobsService, dataMovesJobHandlers, type Database, JobWorker, MonthPartitions, monthStartsBetween, pcsPoints, runMigrations, vendorPoints } from '@syrx/server/testing';
import { type BenchDatabase, onEachDatabase } from './bench-databases.ts';
import { arg, fmt, median } from './bench-kit.ts';

const records = Number(arg('records') ?? 1_000_000);
const roundsArg = arg('rounds');
const stepMs = 15_000;
const start = Date.parse('2026-01-01T00:00:00Z');
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: (o: object, m: string) => console.error(m, o) };

/** A vendor point with `records` records and an empty PCS point, made as imports make them. */
async function plant(db: Database['db']) {
  await runMigrations(db);
  const [vendor] = await vendorPoints(db, [{ vendor: 'invensys', id_field_1: 'Bench', id_field_2: 'AHU-1', id_field_3: 'SAT' }]);
  const [pcs] = await pcsPoints(db, [{ site_name: 'Bench', device_name: 'AHU-1', point_name: 'SAT' }]);
  const src = vendor?.dataPointId ?? 0;
  const dst = pcs?.dataPointId ?? 0;
  const last = start + (records - 1) * stepMs;
  await new MonthPartitions(db, 'point_records').ensure(monthStartsBetween(new Date(start).toISOString(), new Date(last).toISOString()));
  await db.execute(sql`
    insert into point_records (data_point_id, ts, value)
    select ${src}, to_timestamp(${start}::float8 / 1000) + g * (${stepMs}::float8 * interval '1 millisecond'), 65 + 10 * sin(g / 240.0)
    from generate_series(0, ${records - 1}) g`);
  await db.execute(sql`
    update data_points d set record_count = s.n, earliest_record_on = s.first, latest_record_on = s.last
    from (select count(*) as n, min(ts) as first, max(ts) as last from point_records where data_point_id = ${src}) s where d.id = ${src}`);
  await db.execute(sql`vacuum analyze point_records`);
  return { src, dst };
}

async function run(bdb: BenchDatabase, rounds: number): Promise<void> {
  const { db } = bdb.database;
  const t0 = performance.now();
  const { src, dst } = await plant(db);
  console.log(`  ${fmt(records)} records of one series (${((performance.now() - t0) / 1000).toFixed(1)} s to load)`);
  const jobs = createJobsService(db);
  const worker = new JobWorker({ db, log: quiet, pollMs: 20 });
  for (const h of dataMovesJobHandlers(db)) worker.register(h);
  worker.start();

  const empty = async () => {
    await db.execute(sql`delete from point_records where data_point_id = ${dst}`);
    await db.execute(sql`vacuum point_records`);
  };
  const destinationCount = async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from point_records where data_point_id = ${dst}`)).rows[0]?.n ?? 0;

  /** One copy job through the worker: from queueing to its success (and the handler's own time, from the job's row). */
  const ours = async () => {
    const begin = performance.now();
    const id = await jobs.create({ jobType: 'point_record_copy', params: { source_data_point_id: src, destination_data_point_id: dst, start: null, end: null }, userId: null });
    for (;;) {
      const r = await db.execute<{ status: string; ms: number }>(sql`
        select status, extract(epoch from (finished_time - run_started_time)) * 1000 as ms from jobs where id = ${id}`);
      const row = r.rows[0];
      if (row?.status === 'succeeded') return { wall: performance.now() - begin, handler: Number(row.ms) };
      if (row?.status === 'failed') throw new Error(`copy job ${id} failed`);
      await sleep(10);
    }
  };
  const bare = async () => {
    const begin = performance.now();
    await db.execute(sql`insert into point_records (data_point_id, ts, value) select ${dst}, ts, value from point_records where data_point_id = ${src}`);
    return performance.now() - begin;
  };

  const oursWall: number[] = [];
  const oursHandler: number[] = [];
  const bareMs: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      await empty();
      const o = await ours();
      if ((await destinationCount()) !== records) throw new Error('the copy job did not copy every record');
      oursWall.push(o.wall);
      oursHandler.push(o.handler);
      await empty();
      bareMs.push(await bare());
    }
  } finally {
    await worker.stop();
  }
  const w = median(oursWall);
  const b = median(bareMs);
  const best = (xs: number[]) => Math.min(...xs);
  console.log(`  copy of ${fmt(records)} records (median of ${rounds}): copy job ${fmt(w)} ms queued → succeeded (handler ${fmt(median(oursHandler))} ms), `
    + `bare INSERT … SELECT ${fmt(b)} ms; job/bare ${(w / b).toFixed(2)} (target ≤ 1.5)`);
  console.log(`    best of ${rounds}: job ${fmt(best(oursWall))} ms, bare ${fmt(best(bareMs))} ms, ratio ${(best(oursWall) / best(bareMs)).toFixed(2)}; `
    + `rounds: job ${oursWall.map(fmt).join(', ')} ms; bare ${bareMs.map(fmt).join(', ')} ms`);
}

await onEachDatabase('move', (bdb, kind) => run(bdb, Number(roundsArg ?? (kind === 'postgres' ? 5 : 3))));
