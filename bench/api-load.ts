/**
 * API load: 200 browser-like clients on the controller, device and point lists for 5 minutes, against the real server
 * (a child process on a fresh PostgreSQL database, signed in over HTTP as the browser is), and the same clients
 * against a bare Fastify route serving the same point-list body, then against that route after one `select 1` (a round
 * trip's floor), then against a bare route whose only work is the server's page statement (the database's floor), in
 * the same run. Prints latency percentiles per list, the targets (point list p99 < 25 ms, every tenth < 40 ms,
 * p50 ≤ 5× the bare route's, zero errors) as PASS/FAIL, and the ratios to the bare route and to both floors.
 * The clients start during a ramp (--ramp-seconds, 10 by default) that is reported apart; the seconds measured follow it.
 * Run: npm run bench:api-load [-- --seconds 300] [--connections 200] [--rate 1] [--ramp-seconds 10] [--baseline-seconds S] [--cpu-prof DIR] [--server-node-args "--trace-gc"]
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { bacnetPointSchema } from '@syrx/contracts/points';
import { loadConfig } from '@syrx/server/testing';
import { freshPostgres } from './bench-databases.ts';
import { arg } from './bench-kit.ts';
import { machineFacts, roundTripLine, roundTripsAtRest, wakeUpRoundTrips } from './machine-facts.ts';
import { BrowserSession, browserHeaders } from './api-load/browser-session.ts';
import { type LoadOptions, runLoad, type TargetStats, warmUp } from './api-load/load.ts';
import { type ServerProcess, startBare, startServer } from './api-load/processes.ts';
import { cpuSeconds, type MachineCpu, machineCpu, machineShares, machineSharesText } from './proc-stats.ts';
import { p99OverTime, p99sByPart, problems, rowOf, summarize, table, targetName } from './api-load/report.ts';
import { pointsOnListedDevice, seed } from './api-load/seed.ts';
import { type ServerSnapshot, serverSnapshot, serverViewLine } from './api-load/server-view.ts';
import { type DatabaseCounters, databaseCounters, databaseLine, databaseSettings, type StageSnapshot, stageLines, stageSnapshot } from './api-load/stage-view.ts';
import { browserTargets, firstPointPage, listLabels, pointListRoute, type Target } from './api-load/targets.ts';
import { tableReads, tableReadsFrom } from './table-reads.ts';

const positive = (name: string, fallback: number) => {
  const n = Number(arg(name) ?? fallback);
  if (!(n > 0)) throw new Error(`--${name} must be a positive number`);
  return n;
};
const seconds = positive('seconds', 300);
const connections = Math.round(positive('connections', 200));
const rate = positive('rate', 1);
const baselineSeconds = positive('baseline-seconds', seconds);
const rampSeconds = positive('ramp-seconds', 10);
const cpuProfileDir = arg('cpu-prof');
const serverNodeArgs = arg('server-node-args')?.split(' ').filter(Boolean) ?? [];
const p99TargetMs = 25;
/** Issue 26: every tenth of the run under 40 ms, p50 at most 5× the bare route's. */
const tenthTargetMs = 40;
const p50RatioTarget = 5;
const warmUpRequests = 500;
// Loopback addresses reserved for this benchmark (127.0.130.x–127.0.139.x).
const serverHost = '127.0.130.1';
const bareHost = '127.0.130.2';
const floorHost = '127.0.130.3';
const echoHost = '127.0.130.4';
const roundTripHost = '127.0.130.5';

const abort = new AbortController();
// Every client listens for the abort.
setMaxListeners(0, abort.signal);
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
/** Stops what was started, last first, once (also on SIGINT/SIGTERM). */
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const step of cleanups.reverse()) await step().catch((err: unknown) => console.error('clean-up:', err));
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping and cleaning up`);
    abort.abort();
    void cleanUp().finally(() => process.exit(130));
  });
}
const checkNotAborted = () => {
  if (abort.signal.aborted) throw new Error('interrupted');
};

/** CPU seconds so far of each PostgreSQL backend serving our database, by pid. */
type BackendCpu = () => Promise<Map<number, number>>;

/**
 * Runs the load and measures the server's CPU, its database backends' and this process's (the load generator's) over
 * it; with `backends` (our server, not the bare one), also the server's own timing of the point list from its
 * /metrics, stage by stage in each tenth of the run.
 */
async function measure(origin: string, targets: Target[], o: LoadOptions, server: ServerProcess, backends?: BackendCpu, counters?: () => Promise<DatabaseCounters>) {
  // The "before" readings are taken when the measured window begins, after the clients' ramp.
  let before: Promise<{ view0?: ServerSnapshot; cpu0: number; db0?: Map<number, number>; own0: NodeJS.CpuUsage; machine0: MachineCpu; t0: number }> | undefined;
  const stageSnaps: Promise<StageSnapshot>[] = [];
  // The database's counters at the same moments, so a tenth's stall can be lined up with a checkpoint.
  const counterSnaps: Promise<DatabaseCounters>[] = [];
  const snapshot = () => {
    stageSnaps.push(stageSnapshot(origin, pointListRoute));
    if (counters) counterSnaps.push(counters());
  };
  let tenths: NodeJS.Timeout | undefined;
  const onMeasuring = () => {
    if (backends) {
      snapshot();
      tenths = setInterval(() => {
        if (stageSnaps.length < 10) snapshot();
      }, (o.seconds * 1000) / 10);
    }
    const cpu0 = server.cpuSeconds();
    const own0 = process.cpuUsage();
    const machine0 = machineCpu();
    const t0 = performance.now();
    before = (async () => ({
      view0: backends ? await serverSnapshot(origin, pointListRoute) : undefined, db0: await backends?.(), cpu0, own0, machine0, t0,
    }))();
  };
  const stats = await runLoad(origin, targets, o, onMeasuring);
  clearInterval(tenths);
  if (backends) snapshot();
  checkNotAborted();
  if (!before) throw new Error('the measured window did not begin');
  const { view0, cpu0, db0, own0, machine0, t0 } = await before;
  const wall = (performance.now() - t0) / 1000;
  const own = process.cpuUsage(own0);
  const machineShare = machineShares(machine0, machineCpu());
  const cpu = server.cpuSeconds() - cpu0;
  const db1 = await backends?.();
  // Backends that ended during the run are missed; one that started during it counts whole.
  const dbCpu = db1 ? [...db1].reduce((sum, [pid, s]) => sum + s - (db0?.get(pid) ?? 0), 0) : undefined;
  const responses = stats.reduce((n, s) => n + s.latencies.length, 0);
  const serverView = view0 ? serverViewLine(view0, await serverSnapshot(origin, pointListRoute), wall) : undefined;
  return {
    stats, wall, serverView, machineShare, stages: backends ? stageLines(await Promise.all(stageSnaps), await Promise.all(counterSnaps)) : [], serverCpu: cpu / wall, cpuPerRequestMs: (cpu * 1000) / responses, loadCpu: (own.user + own.system) / 1e6 / wall,
    dbCpu: dbCpu === undefined ? undefined : dbCpu / wall, dbCpuPerRequestMs: dbCpu === undefined ? undefined : (dbCpu * 1000) / responses,
  };
}

const pct = (share: number) => `${Math.round(share * 100)} %`;
/** The machine is shared: its load average tells how much the figures were disturbed. */
const machine = () => `machine load average ${loadavg().map((l) => l.toFixed(1)).join(', ')} (${availableParallelism()} cores)`;
/** The clients' start, counted apart from the measured window. */
const rampLine = (stats: TargetStats[]) => {
  const n = stats.reduce((a, s) => a + s.rampResponses, 0);
  const max = stats.reduce((a, s) => Math.max(a, s.rampMaxMs), 0);
  return `  ramp (the first ${rampSeconds} s while the clients start, not in the figures above; errors and statuses counted): ${n} responses, slowest ${max.toFixed(1)} ms`;
};
const cpuLine = (name: string, m: Awaited<ReturnType<typeof measure>>) => {
  const db = m.dbCpu === undefined ? '' : `, its PostgreSQL backends ${pct(m.dbCpu)} (${m.dbCpuPerRequestMs?.toFixed(2)} ms a response)`;
  return `  CPU: ${name} ${pct(m.serverCpu)} of a core (${m.cpuPerRequestMs.toFixed(2)} ms a response)${db}, load generator ${pct(m.loadCpu)}; ${machine()}`
    + `\n  the machine over the run: ${machineSharesText(m.machineShare)}`;
};

async function main(): Promise<void> {
  const bdb = await freshPostgres('api');
  cleanups.push(() => bdb.stop());
  const scratch = mkdtempSync(path.join(tmpdir(), 'syrx-bench-api-'));
  cleanups.push(async () => rmSync(scratch, { recursive: true, force: true }));
  const adminPassword = `bench-${randomUUID()}`;
  // The database freshPostgres('api') created (bench-databases.ts names it so).
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/syrx_bench_api_${process.pid}`;

  const server = await startServer({ host: serverHost, databaseUrl, dataDir: scratch, adminUsername: 'admin', adminPassword, cpuProfileDir, nodeArgs: serverNodeArgs });
  cleanups.push(() => server.stop());
  const { session, user } = await BrowserSession.signIn(server.origin, 'admin', adminPassword);
  const data = await seed(session, user.id, bdb.database.pool);
  const targets = browserTargets(data, connections);
  const headers = { ...browserHeaders(server.origin), cookie: session.cookieHeader() };

  // Every path once, as the browser would ask it: a wrong query fails here with the server's message.
  for (const p of new Set(targets.flatMap((t) => t.paths))) {
    const r = await session.send('GET', p);
    if (r.status !== 200) throw new Error(`GET ${p} answered ${r.status}: ${r.text.slice(0, 300)}`);
  }
  const firstDevice = data.listedDeviceIds[0];
  if (firstDevice === undefined) throw new Error('no device to list points of');
  const pageBody = (await session.send('GET', firstPointPage(firstDevice))).text;
  const pageRows = z.array(bacnetPointSchema).parse(JSON.parse(pageBody)).length;
  const bodyFile = path.join(scratch, 'point-page.json');
  writeFileSync(bodyFile, pageBody);

  console.log('API load (bench/api-load.ts)');
  console.log(`  dataset: ${data.totals.controllers} controllers (${data.controllerIds.length} in the admin's current group, the controller list's scope), `
    + `${data.totals.devices} devices, ${data.totals.points.toLocaleString('en-US')} points; the point list shows devices of ${pointsOnListedDevice} points, 100 a page`);
  console.log(`  clients: ${connections} browser-like keep-alive connections, each ${rate} request/s, signed in with the session cookies: `
    + targets.map((t) => `${t.clients} ${listLabels[t.list]} ${t.request}`).join(', '));
  // The machine's own latencies, before any load: what moves every figure below from one machine to another.
  console.log(`  machine: ${machineFacts()}`);
  const wakeUps = await wakeUpRoundTrips(echoHost);
  const selectOne = await roundTripsAtRest(() => bdb.database.pool.query('select 1'));
  console.log(`  at rest (one every 5 ms, both ends asleep between): ${roundTripLine('a byte to another process and back', wakeUps)}; ${roundTripLine('PostgreSQL select 1', selectOne)}`);

  const load: LoadOptions = { seconds, rampSeconds, rate, headers, signal: abort.signal };
  await warmUp(server.origin, targets, headers, warmUpRequests);
  checkNotAborted();
  console.log(`\nOur server (apps/server/src/main.ts on PostgreSQL, a pool of ${loadConfig().databasePoolSize} connections (DATABASE_POOL_SIZE), ${seconds} s; at the start ${machine()}):`);
  const pool = bdb.database.pool;
  const backends: BackendCpu = async () => {
    const r = await pool.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return new Map(r.rows.map((row) => [row.pid, cpuSeconds(row.pid)]));
  };
  console.log(`  PostgreSQL settings: ${await databaseSettings(pool)}`);
  const counters0 = await databaseCounters(pool);
  const tableReadsSince = await tableReadsFrom(() => tableReads(pool));
  const ours = await measure(server.origin, targets, load, server, backends, () => databaseCounters(pool));
  console.log(table(ours.stats.map((s) => rowOf(targetName(s), s, ours.wall))));
  console.log(rampLine(ours.stats));
  const pointPage = ours.stats.find((s) => s.target.list === 'points' && s.target.request === 'page');
  if (pointPage) console.log(`  point list page p99 (ms) in each tenth of the run: ${p99OverTime(pointPage, seconds)}`);
  console.log(cpuLine('server', ours));
  if (ours.serverView) console.log(ours.serverView);
  console.log('  point list page inside the server, stage by stage (lib/request-stages.ts), in each tenth of the run:');
  console.log(ours.stages.join('\n'));
  console.log(databaseLine(counters0, await databaseCounters(pool), ours.stats.reduce((n, st) => n + st.latencies.length, 0)));
  console.log(`  tables PostgreSQL read whole over the run, its ramp included (pg_stat_user_tables): ${await tableReadsSince()}`);
  const oddities = problems(ours.stats);
  if (oddities.length > 0) console.log(['  problems:', ...oddities].join('\n'));

  // The baselines: the same clients and pacing, all on one bare route of their own.
  const pointPaths = targets.filter((t) => t.list === 'points' && t.request === 'page').flatMap((t) => t.paths);
  const bareTargets: Target[] = [{ list: 'points', request: 'page', paths: pointPaths, clients: connections }];
  /** One baseline's run: `title` heads it, `label` names its row, `cpu` its process; `tenths` adds its p99 per tenth. */
  const baseline = async (host: string, source: { bodyFile?: string; databaseUrl?: string }, o: { title: string; label: string; cpu: string; tenths?: boolean }) => {
    const bare = await startBare(host, pointListRoute, source);
    cleanups.push(() => bare.stop());
    const bareHeaders = { ...headers, referer: `${bare.origin}/admin/syrx-controllers` };
    await warmUp(bare.origin, bareTargets, bareHeaders, warmUpRequests);
    checkNotAborted();
    console.log(`\n${o.title}, same clients and pacing, ${baselineSeconds} s; at the start ${machine()}:`);
    const run = await measure(bare.origin, bareTargets, { ...load, seconds: baselineSeconds, headers: bareHeaders }, bare);
    console.log(table(run.stats.map((s) => rowOf(o.label, s, run.wall))));
    console.log(rampLine(run.stats));
    if (o.tenths && run.stats[0]) console.log(`  p99 (ms) in each tenth of the run: ${p99OverTime(run.stats[0], baselineSeconds)}`);
    console.log(cpuLine(o.cpu, run));
    await bare.stop();
    return run.stats;
  };
  const bytes = Buffer.byteLength(pageBody).toLocaleString('en-US');
  const base = await baseline(bareHost, { bodyFile }, {
    title: `Baseline: a bare Fastify route answering the same ${pageRows}-point page (${bytes} bytes)`, label: 'bare Fastify route', cpu: 'bare server', tenths: true,
  });
  // The least any design that asks PostgreSQL on each request pays: the same route and body after one `select 1`.
  const roundTrip = await baseline(roundTripHost, { bodyFile, databaseUrl }, {
    title: `A round trip's floor: the same bare route and page after one \`select 1\` on a pool as the server's (${loadConfig().databasePoolSize} connections)`,
    label: 'bare route + select 1', cpu: 'round-trip server',
  });
  // The floor a database read puts under the point list: a bare route whose only work is the page statement.
  const floor = await baseline(floorHost, { databaseUrl }, {
    title: "The database's floor: a bare Fastify route whose only work is the server's page statement for the asked device (pointsRepo.list, default order, no session, the same pool)",
    label: 'bare route + page statement', cpu: 'floor server',
  });

  report(ours.stats, base, roundTrip, floor);
}

function report(ours: TargetStats[], base: TargetStats[], roundTripStats: TargetStats[], floorStats: TargetStats[]): void {
  const points = ours.find((s) => s.target.list === 'points' && s.target.request === 'page');
  const bare = base[0];
  const roundTrip = roundTripStats[0];
  const floor = floorStats[0];
  if (!points || !bare || !roundTrip || !floor) throw new Error('no point-list figures');
  const p = summarize(points.latencies);
  const b = summarize(bare.latencies);
  const f = summarize(floor.latencies);
  const r = summarize(roundTrip.latencies);
  const failures = ours.reduce((n, s) => n + s.non2xx + s.errors + s.timeouts, 0);
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log('\nTargets (issue: 200 clients, 5 minutes):');
  console.log(`  point list p99 < ${p99TargetMs} ms: ${p.p99.toFixed(1)} ms  ${verdict(p.p99 < p99TargetMs)}`);
  const worstTenth = Math.max(...p99sByPart(points, seconds));
  console.log(`  every tenth of the run: point list p99 < ${tenthTargetMs} ms: worst ${worstTenth.toFixed(1)} ms  ${verdict(worstTenth < tenthTargetMs)}`);
  console.log(`  point list p50 ≤ ${p50RatioTarget}× the bare route's: ${(p.p50 / b.p50).toFixed(1)}×  ${verdict(p.p50 <= p50RatioTarget * b.p50)}`);
  console.log(`  zero errors on the three lists (non-2xx, connection errors, timeouts): ${failures}  ${verdict(failures === 0)}`);
  console.log('Ratio to the bare Fastify route (same run, same body):');
  console.log(`  point list p50 ${p.p50.toFixed(2)} ms / ${b.p50.toFixed(2)} ms = ${(p.p50 / b.p50).toFixed(1)}×; p99 ${p.p99.toFixed(2)} ms / ${b.p99.toFixed(2)} ms = ${(p.p99 / b.p99).toFixed(1)}×`);
  console.log('A round trip\'s floor (same run): the bare route after one `select 1`:');
  console.log(`  its p50 ${r.p50.toFixed(2)} ms = ${(r.p50 / b.p50).toFixed(1)}× the bare route's: what a request that asks PostgreSQL anything pays before its statement's own work (the p50 target's ${p50RatioTarget}× leaves ${Math.max(0, p50RatioTarget * b.p50 - r.p50).toFixed(2)} ms for it)`);
  console.log('The database\'s floor (same run): a bare route whose only work is the page statement:');
  console.log(`  its p50 ${f.p50.toFixed(2)} ms = ${(f.p50 / b.p50).toFixed(1)}× the bare route's (the p50 target's ${p50RatioTarget}× leaves ${Math.max(0, p50RatioTarget * b.p50 - f.p50).toFixed(2)} ms for everything else the server does)`);
  console.log(`  the point list over the floor: p50 ${p.p50.toFixed(2)} ms / ${f.p50.toFixed(2)} ms = ${(p.p50 / f.p50).toFixed(1)}× (${(p.p50 - f.p50).toFixed(2)} ms of session, access, validation and the rest); p99 ${p.p99.toFixed(2)} ms / ${f.p99.toFixed(2)} ms = ${(p.p99 / f.p99).toFixed(1)}×`);
}

try {
  await main();
} catch (err) {
  console.error(abort.signal.aborted ? 'interrupted' : err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
