/**
 * Point records, on a fresh PostgreSQL database (127.0.0.1:5432) and on PGlite in its child process as the server runs
 * it: (1) ingest throughput of agent uploads (batches of 5000) through the server's own path (records service →
 * partitions, point mapping, one INSERT … SELECT FROM unnest with the series summaries) against a bare
 * INSERT … SELECT unnest of the same rows; (2) a chart read of 20 points over 30 days of 15-second data downsampled to
 * 1 hour through the series service against the same date_bin SQL run raw. Prints figures; asserts nothing.
 * Run: npm run bench:records [-- --only postgres|pglite] [-- --days 30]
 */
import { sql } from 'drizzle-orm';
import { type BenchDatabase, batches, freshPglite, freshPostgres, median, plant, pointCount, stepMs } from './records-setup.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const only = arg('only');
const readDays = Number(arg('days') ?? 30);
const ingestDays = 2;
const rounds = 3;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const rawInsert = `insert into point_records (data_point_id, ts, value)
  select i, to_timestamp(t / 1000), v from unnest($1::int[], $2::float8[], $3::float8[]) as r(i, t, v)`;
const rawChart = `select data_point_id, date_bin(make_interval(secs => $4), ts, '2000-01-03T00:00:00Z'::timestamptz) as bucket,
    avg(value) as avg, min(value) as min, max(value) as max, count(*) as n
  from point_records where data_point_id = any($1::int[]) and ts >= $2::timestamptz and ts < $3::timestamptz
  group by 1, 2 order by 1, 2`;

async function run(bdb: BenchDatabase): Promise<void> {
  const { db, pool } = bdb.database;
  const p = await plant(db);
  const empty = async () => {
    await db.execute(sql`truncate point_records`);
    await db.execute(sql`update data_points set earliest_record_on = null, latest_record_on = null, latest_value = null, record_count = 0`);
  };
  const timed = async (work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    return performance.now() - start;
  };

  // (1) Ingest: the same batches through the server's path and raw, alternately, each into an empty table.
  const upload = [...batches(p.pointIds, Date.parse('2026-10-01T00:00:00Z'), ingestDays)];
  const total = upload.reduce((n, b) => n + b.length, 0);
  const ours = () => timed(async () => {
    for (const b of upload) await p.records.fromAgent(p.controllerId, b);
  });
  await ours(); // creates the data points and the month's partition, and warms up both sides
  const dataPointOf = new Map((await db.execute<{ id: number; b: number }>(sql`select id, bacnet_point_id as b from data_points`)).rows.map((r) => [r.b, r.id]));
  const columns = upload.map((b) => [b.map((r) => dataPointOf.get(r[0])), b.map((r) => r[1]), b.map((r) => r[2])]);
  const raw = () => timed(async () => {
    for (const c of columns) await pool.query(rawInsert, c);
  });
  const oursMs: number[] = [];
  const rawMs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    await empty();
    oursMs.push(await ours());
    await empty();
    rawMs.push(await raw());
  }
  const oursRate = total / (median(oursMs) / 1000);
  const rawRate = total / (median(rawMs) / 1000);
  console.log(`  ingest of ${fmt(total)} records in batches of 5000 (median of ${rounds}): ours ${fmt(oursRate)} records/s, raw INSERT … SELECT unnest ${fmt(rawRate)} records/s; ours/raw ${(oursRate / rawRate).toFixed(2)}`);

  // (2) Chart read: 30 days of 20 points at 15 s, loaded through the server's path.
  await empty();
  const from = Date.parse('2026-09-15T00:00:00Z');
  const to = from + readDays * 86_400_000;
  let loaded = 0;
  const loadMs = await timed(async () => {
    for (const b of batches(p.pointIds, from, readDays)) {
      await p.records.fromAgent(p.controllerId, b);
      loaded += b.length;
    }
  });
  await db.execute(sql`analyze point_records`);
  console.log(`  load of ${readDays} days × ${pointCount} points at ${stepMs / 1000} s through ours: ${fmt(loaded)} records at ${fmt(loaded / (loadMs / 1000))} records/s`);
  const query = { bacnet_point_ids: p.pointIds, from: new Date(from).toISOString(), to: new Date(to).toISOString(), max_points: 1000 };
  const ids = [...dataPointOf.values()];
  let check = '';
  let resolution = 0;
  const series = () => timed(async () => {
    const s = await p.records.series(p.actor, query);
    resolution = s.resolution_seconds ?? 0;
    check = `${resolution} s, ${s.series.reduce((n, x) => n + x.points.length, 0)} buckets`;
  });
  let rawCheck = '';
  // The same date_bin statement at the resolution the service chose (1 h for 30 days and 1000 points).
  const rawSeries = () => timed(async () => {
    rawCheck = `${(await pool.query(rawChart, [ids, query.from, query.to, resolution])).rowCount} buckets`;
  });
  await series();
  await rawSeries();
  const sMs: number[] = [];
  const rMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    sMs.push(await series());
    rMs.push(await rawSeries());
  }
  console.log(`  chart read of ${pointCount} points × ${readDays} days downsampled (median of 5): series service ${median(sMs).toFixed(0)} ms (${check}), raw date_bin ${median(rMs).toFixed(0)} ms (${rawCheck}); ours/raw ${(median(sMs) / median(rMs)).toFixed(2)}`);
}

for (const make of [freshPostgres, freshPglite]) {
  if (only && !make.name.toLowerCase().includes(only)) continue;
  const bdb = await make();
  console.log(bdb.name);
  try {
    await run(bdb);
  } finally {
    await bdb.stop();
  }
}
