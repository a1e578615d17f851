/**
 * Where the point list's time goes inside the server, tenth by tenth of a run (issue 26): the server's stage histograms
 * (apps/server/src/lib/request-stages.ts) and its count of slow requests by their largest stage, scraped from /metrics
 * at each tenth's end; and PostgreSQL's view of the same run — the settings that change the result, checkpoints,
 * autovacuum and what the run wrote.
 */
import type pg from 'pg';
import { emptyHist, type Hist, labelsOf, quantileBetween, valueOf } from '../prometheus-text.ts';

const stages = ['identify', 'receive', 'handler', 'serialize', 'send'] as const;
type Stage = (typeof stages)[number];

export interface StageSnapshot {
  stages: Map<Stage, Hist>;
  slowByStage: Map<string, number>;
  poolWait: Hist;
}

export async function stageSnapshot(origin: string, route: string): Promise<StageSnapshot> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const snap: StageSnapshot = { stages: new Map(stages.map((s) => [s, emptyHist()])), slowByStage: new Map(), poolWait: emptyHist() };
  for (const line of text.split('\n')) {
    const l = line.startsWith('syrx_') ? labelsOf(line) : {};
    if (line.startsWith('syrx_http_request_stage_seconds_') && l.route === route) {
      const h = snap.stages.get(l.stage as Stage);
      if (!h) continue;
      if (line.startsWith('syrx_http_request_stage_seconds_bucket{') && l.le !== undefined) h.buckets.set(l.le === '+Inf' ? Infinity : Number(l.le), valueOf(line));
      else if (line.startsWith('syrx_http_request_stage_seconds_sum{')) h.sum = valueOf(line);
    } else if (line.startsWith('syrx_http_slow_requests_total{') && l.route === route && l.stage) {
      snap.slowByStage.set(l.stage, valueOf(line));
    } else if (line.startsWith('syrx_db_pool_wait_seconds_bucket{') && l.le !== undefined) {
      snap.poolWait.buckets.set(l.le === '+Inf' ? Infinity : Number(l.le), valueOf(line));
    } else if (line.startsWith('syrx_db_pool_wait_seconds_sum ')) {
      snap.poolWait.sum = valueOf(line);
    }
  }
  return snap;
}

/** One line per tenth: each stage's p99 (bucket bound) and mean, the pool's wait, and slow requests by their largest stage. */
export function stageLines(snaps: StageSnapshot[], counters: DatabaseCounters[] = []): string[] {
  const lines: string[] = [];
  const slowTotals = new Map<string, number>();
  for (let i = 1; i < snaps.length; i++) {
    const a = snaps[i - 1];
    const b = snaps[i];
    if (!a || !b) continue;
    const parts = stages.map((s) => {
      const r = quantileBetween(a.stages.get(s), b.stages.get(s) ?? emptyHist(), 0.99);
      return `${s} p99 ${r.bound} mean ${r.meanMs.toFixed(2)}`;
    });
    const pool = quantileBetween(a.poolWait, b.poolWait, 0.99);
    const slow = [...b.slowByStage].map(([s, n]) => [s, n - (a.slowByStage.get(s) ?? 0)] as const).filter(([, n]) => n > 0);
    for (const [s, n] of slow) slowTotals.set(s, (slowTotals.get(s) ?? 0) + n);
    const slowText = slow.length === 0 ? 'none' : slow.map(([s, n]) => `${s} ${n}`).join(', ');
    const c0 = counters[i - 1];
    const c1 = counters[i];
    const checkpoints = c0 && c1 ? c1.checkpointsTimed + c1.checkpointsRequested - c0.checkpointsTimed - c0.checkpointsRequested : 0;
    const checkpointText = checkpoints > 0 ? `; ${checkpoints} checkpoint${checkpoints > 1 ? 's' : ''} ended in this tenth` : '';
    lines.push(`    tenth ${i}: ${parts.join(' · ')} (ms); pool wait p99 ${pool.bound} ms; requests over 25 ms by largest stage: ${slowText}${checkpointText}`);
  }
  const total = [...slowTotals.values()].reduce((x, y) => x + y, 0);
  const top = [...slowTotals].sort((x, y) => y[1] - x[1])[0];
  lines.push(top
    ? `    over the run, ${total} point-list requests took over 25 ms; their largest stage was ${[...slowTotals].map(([s, n]) => `${s} in ${n}`).join(', ')}: ${top[0]} dominates what remains`
    : '    over the run, no point-list request took over 25 ms');
  return lines;
}

/** PostgreSQL's settings that change this benchmark's figures, so two machines' runs can be told apart. */
export async function databaseSettings(pool: pg.Pool): Promise<string> {
  const names = ['server_version', 'shared_buffers', 'synchronous_commit', 'fsync', 'wal_level', 'checkpoint_timeout', 'max_wal_size', 'checkpoint_completion_target',
    'autovacuum', 'autovacuum_naptime', 'work_mem', 'max_connections', 'jit'];
  const r = await pool.query<{ name: string; setting: string; unit: string | null }>('select name, setting, unit from pg_settings where name = any($1) order by name', [names]);
  return r.rows.map((s) => `${s.name}=${s.setting}${s.unit ? ` ${s.unit}` : ''}`).join(', ');
}

/** Counters of the database over a run: checkpoints, rows written, autovacuums, lock waits. */
export interface DatabaseCounters {
  checkpointsTimed: number;
  checkpointsRequested: number;
  checkpointWriteMs: number;
  checkpointSyncMs: number;
  commits: number;
  rowsWritten: number;
  autovacuums: number;
  autoanalyzes: number;
}

export async function databaseCounters(pool: pg.Pool): Promise<DatabaseCounters> {
  // PostgreSQL 17 moved the checkpoint counters to pg_stat_checkpointer.
  const v = Number((await pool.query<{ v: string }>('show server_version_num')).rows[0]?.v ?? 0);
  const cp = v >= 170000
    ? 'select num_timed as t, num_requested as r, write_time as w, sync_time as s from pg_stat_checkpointer'
    : 'select checkpoints_timed as t, checkpoints_req as r, checkpoint_write_time as w, checkpoint_sync_time as s from pg_stat_bgwriter';
  const c = (await pool.query<{ t: string; r: string; w: number; s: number }>(cp)).rows[0];
  const d = (await pool.query<{ commits: string; written: string }>(
    'select xact_commit as commits, tup_inserted + tup_updated + tup_deleted as written from pg_stat_database where datname = current_database()',
  )).rows[0];
  const a = (await pool.query<{ vac: string; an: string }>('select coalesce(sum(autovacuum_count), 0) as vac, coalesce(sum(autoanalyze_count), 0) as an from pg_stat_user_tables')).rows[0];
  return {
    checkpointsTimed: Number(c?.t ?? 0), checkpointsRequested: Number(c?.r ?? 0), checkpointWriteMs: Number(c?.w ?? 0), checkpointSyncMs: Number(c?.s ?? 0),
    commits: Number(d?.commits ?? 0), rowsWritten: Number(d?.written ?? 0), autovacuums: Number(a?.vac ?? 0), autoanalyzes: Number(a?.an ?? 0),
  };
}

/** What the database did during the run; `responses` turns writes into writes per response (a read-only list writes none). */
export function databaseLine(a: DatabaseCounters, b: DatabaseCounters, responses: number): string {
  const rows = b.rowsWritten - a.rowsWritten;
  return `  PostgreSQL over the run: ${b.checkpointsTimed - a.checkpointsTimed} timed and ${b.checkpointsRequested - a.checkpointsRequested} requested checkpoints `
    + `(writing ${((b.checkpointWriteMs - a.checkpointWriteMs) / 1000).toFixed(1)} s, syncing ${((b.checkpointSyncMs - a.checkpointSyncMs) / 1000).toFixed(1)} s); `
    + `${b.autovacuums - a.autovacuums} autovacuums, ${b.autoanalyzes - a.autoanalyzes} autoanalyzes; ${b.commits - a.commits} transactions; `
    + `${rows} rows written (${(rows / Math.max(1, responses)).toFixed(3)} per response)`;
}
