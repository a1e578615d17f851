import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countedItems, countingHandler, countingJob } from '../../test/counting-job-handler.ts';
import { until } from '../../test/bacnet-helpers.ts';
import { childRows, countingServer, jobRow, logEntries, recordingLog, startWorker, untilStatus } from '../../test/job-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import { type JobHandler, JobLeaseLost, type Tx } from './job-handler.ts';
import { createJobsService } from './jobs.service.ts';

const apps = useTestApps();

describe('job worker', () => {
  it('claims a queued job, commits its steps with state and progress, and marks it succeeded', async () => {
    const { t, jobs } = await countingServer(apps);
    const id = await jobs.create(countingJob(10, 4));
    const queued = await jobRow(t.db, id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, progress: 0, locked_by: null });

    // After each step, what another reader sees: the step's state and progress are committed with its work.
    const seen: unknown[][] = [];
    const watched: JobHandler = { jobType: 'point_record_copy', run: (ctx) => countingHandler('w').run({ ...ctx, async step(work) {
      const result = await ctx.step(work);
      const row = await jobRow(t.db, id);
      seen.push([row.status, row.progress, row.state.done, (await countedItems(t.db, id)).length, row.locked_by === null]);
      return result;
    } }) };
    startWorker(apps, t.db, [watched]);
    const done = await untilStatus(t.db, id, ['succeeded']);

    expect(done).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1, state: { done: 10 }, locked_by: null, lease_expires_at: null, error_message: null });
    expect(seen).toEqual([['running', 40, 4, 4, false], ['running', 80, 8, 8, false], ['running', 100, 10, 10, false]]);
    expect(Date.parse(done.finished_time ?? '')).toBeGreaterThanOrEqual(Date.parse(done.run_started_time ?? ''));
    expect((await countedItems(t.db, id)).map((r) => r.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await logEntries(t.db, id)).map((l) => [l.level, l.message])).toEqual([['INFO', 'Counted to 10']]);
  });

  it('starts a job created in its process at once rather than at the next poll', async () => {
    const { t } = await countingServer(apps);
    const worker = startWorker(apps, t.db, [countingHandler('w')], { pollMs: 60_000 });
    const jobs = createJobsService(t.db, { onQueued: () => worker.wake() });
    await sleep(200); // the first poll has passed; the next is a minute away
    const id = await jobs.create(countingJob(3, 3));
    await untilStatus(t.db, id, ['succeeded'], 5000);
  });

  it('runs children one after another in sibling order, then finishes the parent with afterChildren', async () => {
    const { t, jobs } = await countingServer(apps);
    const events: string[] = [];
    const step = (name: string): JobHandler['run'] => async (ctx) => {
      events.push(`${name} start`);
      await ctx.log('INFO', `${name} working`);
      await ctx.step(async () => ({ result: null, state: { half: true }, progress: 50 }));
      await sleep(50);
      await ctx.step(async () => ({ result: null, state: { done: true }, progress: 100 }));
      events.push(`${name} end`);
    };
    let parentRuns = 0;
    const handlers: JobHandler[] = [
      {
        jobType: 'vendor_point_record_move',
        async run(ctx) {
          parentRuns++;
          await ctx.log('INFO', 'Queued the steps');
          await ctx.createChildren([
            { jobType: 'point_record_copy', params: { k: 1 }, logMessage: 'Copy records' },
            { jobType: 'point_record_delete_source', params: { k: 2 }, logMessage: 'Delete source records' },
            { jobType: 'equipment_point_remap', params: { k: 3 }, logMessage: 'Remap equipment points' },
          ]);
          await ctx.createChildren([{ jobType: 'point_record_copy', params: {}, logMessage: 'never' }]); // idempotent
        },
        async afterChildren(ctx) {
          events.push('parent afterChildren');
          await ctx.log('INFO', 'Move finished');
        },
      },
      { jobType: 'point_record_copy', run: step('copy') },
      { jobType: 'point_record_delete_source', run: step('delete') },
      { jobType: 'equipment_point_remap', run: step('remap') },
    ];
    // Three slots: the order comes from the claim's runnable rule, not from running one job at a time.
    startWorker(apps, t.db, handlers, { concurrency: 3 });
    const id = await jobs.create({ jobType: 'vendor_point_record_move', params: { item: 1 }, userId: 1, priority: 3 });
    const parent = await untilStatus(t.db, id, ['succeeded', 'failed']);

    expect(parent).toMatchObject({ status: 'succeeded', progress: 100, attempts: 1, locked_by: null });
    expect(parentRuns).toBe(1);
    expect(events).toEqual(['copy start', 'copy end', 'delete start', 'delete end', 'remap start', 'remap end', 'parent afterChildren']);
    const children = await childRows(t.db, id);
    expect(children.map((c) => [c.status, c.progress, c.attempts])).toEqual([['succeeded', 100, 1], ['succeeded', 100, 1], ['succeeded', 100, 1]]);
    for (let i = 1; i < children.length; i++) {
      expect(Date.parse(children[i]?.run_started_time ?? '')).toBeGreaterThanOrEqual(Date.parse(children[i - 1]?.finished_time ?? ''));
    }
    expect(Date.parse(parent.finished_time ?? '')).toBeGreaterThanOrEqual(Date.parse(children[2]?.finished_time ?? ''));
    // The parent's handler returned before its first child started.
    expect(Date.parse(parent.run_finished_time ?? '')).toBeLessThanOrEqual(Date.parse(children[0]?.run_started_time ?? ''));
    const rows = await t.db.execute<{ user_id: number; priority: number }>(sql`select user_id, priority from jobs where parent_job_id = ${id}`);
    expect(rows.rows).toEqual([{ user_id: 1, priority: 3 }, { user_id: 1, priority: 3 }, { user_id: 1, priority: 3 }]);

    const parentLogs = await logEntries(t.db, id);
    expect(parentLogs.map((l) => [l.level, l.message, l.parent_log_id])).toEqual([
      ['INFO', 'Queued the steps', null], ['INFO', 'Copy records', null], ['INFO', 'Delete source records', null], ['INFO', 'Remap equipment points', null], ['INFO', 'Move finished', null],
    ]);
    for (const [i, c] of children.entries()) {
      const logs = await logEntries(t.db, c.id);
      expect(logs.map((l) => [l.message, l.parent_log_id])).toEqual([[`${['copy', 'delete', 'remap'][i]} working`, parentLogs[i + 1]?.id]]);
    }
  });

  it('fails the parent when a child fails and cancels the siblings after it', async () => {
    const { t, jobs } = await countingServer(apps);
    const ran: string[] = [];
    let afterChildren = 0;
    const handlers: JobHandler[] = [
      {
        jobType: 'vendor_point_record_move',
        run: (ctx) => ctx.createChildren([
          { jobType: 'point_record_copy', params: {}, logMessage: 'Copy' },
          { jobType: 'point_record_delete_source', params: {}, logMessage: 'Delete' },
          { jobType: 'equipment_point_remap', params: {}, logMessage: 'Remap' },
        ]),
        afterChildren: async () => void afterChildren++,
      },
      { jobType: 'point_record_copy', run: async (ctx) => {
        ran.push('copy');
        await ctx.step(async () => ({ result: 1, state: {}, progress: 100 }));
      } },
      { jobType: 'point_record_delete_source', run: async () => {
        ran.push('delete');
        throw new Error('disk full\nat some internal line');
      } },
      { jobType: 'equipment_point_remap', run: async () => void ran.push('remap') },
    ];
    startWorker(apps, t.db, handlers, { concurrency: 2 });
    const id = await jobs.create({ jobType: 'vendor_point_record_move', params: {}, userId: null });
    const parent = await untilStatus(t.db, id, ['succeeded', 'failed']);
    await sleep(300); // would the cancelled sibling still run?

    expect(ran).toEqual(['copy', 'delete']);
    expect(afterChildren).toBe(0);
    expect(parent).toMatchObject({ status: 'failed', error_message: 'Step 2 (point_record_delete_source) failed: disk full', locked_by: null });
    expect(parent.progress).toBeCloseTo(100 / 3); // the mean of its children's when the first one finished
    const [copy, del, remap] = await childRows(t.db, id);
    expect(copy).toMatchObject({ status: 'succeeded' });
    expect(del).toMatchObject({ status: 'failed', error_message: 'disk full', attempts: 1 });
    expect(remap).toMatchObject({ status: 'cancelled', attempts: 0, run_started_time: null });
    expect(remap?.finished_time).not.toBeNull();
    const delLogs = await logEntries(t.db, del?.id ?? 0);
    expect(delLogs).toMatchObject([{ level: 'ERROR', message: 'Failed: disk full', error_message: 'disk full\nat some internal line' }]);
    expect((await logEntries(t.db, id)).at(-1)).toMatchObject({ level: 'ERROR', message: 'Failed: step 2 (point_record_delete_source) failed', error_message: 'disk full' });
  });

  it('rolls back a step whose worker lost the job, and leaves the job to its new holder', async () => {
    const { t, jobs } = await countingServer(apps);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let between = false;
    let thrown: unknown;
    const { entries, log } = recordingLog();
    const insert = (tx: Tx, jobId: number, n: number) => tx.execute(sql`insert into job_test_items (job_id, n, attempt, worker) values (${jobId}, ${n}, 1, 'w')`);
    const handler: JobHandler = {
      jobType: 'pcs_point_import',
      async run(ctx) {
        await ctx.step(async (tx) => ({ result: await insert(tx, ctx.job.id, 1), state: { done: 1 }, progress: 50 }));
        between = true;
        await gate;
        try {
          await ctx.step(async (tx) => ({ result: await insert(tx, ctx.job.id, 2), state: { done: 2 }, progress: 100 }));
        } catch (err) {
          thrown = err;
          throw err;
        }
      },
    };
    startWorker(apps, t.db, [handler], { log });
    const id = await jobs.create({ jobType: 'pcs_point_import', params: {}, userId: null });
    await until(async () => between, 5000, 'first step done');
    // Meanwhile its lease expired and another worker took the job.
    await t.db.execute(sql`update jobs set locked_by = 'other-worker' where id = ${id}`);
    release();
    await until(async () => entries.some((e) => e.msg.includes('lease lost')), 5000, 'lease lost reported');

    expect(thrown).toBeInstanceOf(JobLeaseLost);
    expect(await jobRow(t.db, id)).toMatchObject({ status: 'running', locked_by: 'other-worker', state: { done: 1 }, progress: 50, error_message: null });
    expect((await countedItems(t.db, id)).map((r) => r.n)).toEqual([1]);
    expect(await logEntries(t.db, id)).toEqual([]);
  });
});
