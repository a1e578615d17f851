/**
 * Point records, on a fresh PostgreSQL database (127.0.0.1:5432) and on PGlite in its child process as the server runs
 * it, against the targets of issue 23:
 * (1) ingest of agent uploads (batches of 5000) through the server's own path (records service → partitions, one
 *     statement with the series summaries and the hourly and daily rollups) against a bare INSERT … SELECT unnest of the
 *     same rows: ≥ 0.8×;
 * (2) a chart of 20 points over 30 days of 15-second records at 1 hour through the series service (rollups) against
 *     the same date_bin SQL run raw: ≤ 100 ms on PostgreSQL, ≤ 250 ms on PGlite, and ≥ 8× faster than raw;
 * (3) the same points over a year (15-minute records before the month) at 1 day: ≤ 150 ms;
 * and, beside the targets, the availability report of 500 points over a year (< 1 s; their rollups built by the backfill).
 * Prints each figure, its target and PASS/FAIL. Run: npm run bench:records [-- --only postgres|pglite] [-- --days 30]
 */
import { sql } from 'drizzle-orm';
import { type BenchDatabase, onEachDatabase } from './bench-databases.ts';
import { arg, fmt, median, timed } from './bench-kit.ts';
import { batches, plant, pointCount, stepMs, yearOfPointsBefore } from './records-setup.ts';

const readDays = Number(arg('days') ?? 30);
const ingestDays = 2;
const rounds = 5;
const day = 86_400_000;

const rawInsert = `insert into point_records (data_point_id, ts, value)
  select i, to_timestamp(t / 1000), v from unnest($1::int[], $2::float8[], $3::float8[]) as r(i, t, v)`;
const rawChart = `select data_point_id, date_bin(make_interval(secs => $4), ts, '2000-01-03T00:00:00Z'::timestamptz) as bucket,
    avg(value) as avg, min(value) as min, max(value) as max, count(*) as n
  from point_records where data_point_id = any($1::int[]) and ts >= $2::timestamptz and ts < $3::timestamptz
  group by 1, 2 order by 1, 2`;

/** A figure against its target, as a line: the figure, the target and PASS or FAIL. */
const verdict = (what: string, figure: string, target: string, pass: boolean) => console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${what}: ${figure} (target ${target})`);

/** The median of `n` runs of each of two alternating works. */
async function alternate(n: number, a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const [as, bs]: [number[], number[]] = [[], []];
  for (let i = 0; i < n; i++) {
    as.push(await timed(a));
    bs.push(await timed(b));
  }
  return [median(as), median(bs)];
}

async function run(bdb: BenchDatabase, kind: 'postgres' | 'pglite'): Promise<void> {
  const { db, pool } = bdb.database;
  const p = await plant(db);
  const empty = async () => {
    await db.execute(sql`truncate point_records, point_record_rollups`);
    await db.execute(sql`update data_points set earliest_record_on = null, latest_record_on = null, latest_value = null, record_count = 0`);
  };

  // (1) Ingest: the same batches through the server's path and raw, alternately, each into an empty table.
  const upload = [...batches(p.pointIds, Date.parse('2026-10-01T00:00:00Z'), ingestDays)];
  const total = upload.reduce((n, b) => n + b.length, 0);
  const ours = async () => {
    for (const b of upload) await p.records.fromAgent(p.controllerId, b);
  };
  await ours(); // creates the data points and the month's partition, and warms up both sides
  const dataPointOf = new Map((await db.execute<{ id: number; b: number }>(sql`select id, bacnet_point_id as b from data_points`)).rows.map((r) => [r.b, r.id]));
  const columns = upload.map((b) => [b.map((r) => dataPointOf.get(r[0])), b.map((r) => r[1]), b.map((r) => r[2])]);
  const raw = async () => {
    for (const c of columns) await pool.query(rawInsert, c);
  };
  const [oursMs, rawMs] = await alternate(rounds, async () => { await empty(); return ours(); }, async () => { await empty(); return raw(); });
  const [oursRate, rawRate] = [total / (oursMs / 1000), total / (rawMs / 1000)];
  console.log(`  ingest of ${fmt(total)} records in batches of 5000 (median of ${rounds}): ours ${fmt(oursRate)} records/s (records, summaries and rollups), bare INSERT … SELECT unnest ${fmt(rawRate)} records/s`);
  verdict('ingest, ours/bare', `${(oursRate / rawRate).toFixed(2)}×`, '≥ 0.80×', oursRate / rawRate >= 0.8);

  // 30 days of 20 points at 15 s, and the year before at 15 minutes, loaded through the server's path.
  await empty();
  const from = Date.parse('2026-09-15T00:00:00Z');
  const to = from + readDays * day;
  let loaded = 0;
  const loadMs = await timed(async () => {
    for (const b of [...batches(p.pointIds, from - 365 * day, 365, 900_000), ...batches(p.pointIds, from, readDays)]) {
      await p.records.fromAgent(p.controllerId, b);
      loaded += b.length;
    }
  });
  await db.execute(sql`analyze point_records`);
  await db.execute(sql`analyze point_record_rollups`);
  console.log(`  load of a year at 15 min and ${readDays} days at ${stepMs / 1000} s × ${pointCount} points through ours: ${fmt(loaded)} records at ${fmt(loaded / (loadMs / 1000))} records/s`);
  const ids = [...dataPointOf.values()];

  /** The series service over [a, b) at `maxPoints` against the raw date_bin at the resolution it chose: medians of 5. */
  async function chart(a: number, b: number, maxPoints: number) {
    const query = { bacnet_point_ids: p.pointIds, from: new Date(a).toISOString(), to: new Date(b).toISOString(), max_points: maxPoints };
    let resolution = 0;
    let buckets = 0;
    const service = async () => {
      const s = await p.records.series(p.actor, query);
      resolution = s.resolution_seconds ?? 0;
      buckets = s.series.reduce((n, x) => n + x.points.length, 0);
    };
    await service();
    const rawSeries = () => pool.query(rawChart, [ids, query.from, query.to, resolution]);
    await rawSeries();
    const [oursChart, rawChartMs] = await alternate(5, service, rawSeries);
    return { oursChart, rawChartMs, check: `${resolution} s, ${fmt(buckets)} buckets` };
  }

  // (2) The month at 1 hour.
  const month = await chart(from, to, 1000);
  console.log(`  chart of ${pointCount} points × ${readDays} days (median of 5): series service ${month.oursChart.toFixed(0)} ms (${month.check}), raw date_bin ${month.rawChartMs.toFixed(0)} ms`);
  const monthTarget = kind === 'postgres' ? 100 : 250;
  verdict(`chart of ${readDays} days at 1 h`, `${month.oursChart.toFixed(0)} ms`, `≤ ${monthTarget} ms`, month.oursChart <= monthTarget);
  verdict(`chart of ${readDays} days at 1 h, raw/ours`, `${(month.rawChartMs / month.oursChart).toFixed(1)}×`, '≥ 8×', month.rawChartMs / month.oursChart >= 8);

  // (3) The year at 1 day (500 buckets at most picks 1 d for 365 days).
  const year = await chart(to - 365 * day, to, 500);
  console.log(`  chart of ${pointCount} points × 365 days (median of 5): series service ${year.oursChart.toFixed(0)} ms (${year.check}), raw date_bin ${year.rawChartMs.toFixed(0)} ms; raw/ours ${(year.rawChartMs / year.oursChart).toFixed(1)}×`);
  verdict('chart of a year at 1 d', `${year.oursChart.toFixed(0)} ms`, '≤ 150 ms', year.oursChart <= 150);

  // Beside the targets: the availability report of 500 points over a year.
  const many = await yearOfPointsBefore(db, p.controllerId, 500, to);
  const q = { point_ids: many, from: new Date(to - 365 * day).toISOString().slice(0, 10), to: new Date(to - day).toISOString().slice(0, 10) };
  let cells = 0;
  const report = async () => {
    const r = await p.pointData.availability(p.actor, 'controller', q);
    cells = r.points.length * r.days.length;
  };
  await report();
  const [reportMs] = await alternate(3, report, async () => undefined);
  verdict(`availability of ${many.length} points × 365 days (${fmt(cells)} cells)`, `${reportMs.toFixed(0)} ms`, '< 1000 ms', reportMs < 1000);
}

await onEachDatabase('records', run);
