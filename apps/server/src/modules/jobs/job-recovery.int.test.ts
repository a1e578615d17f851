import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase, type Db } from '../../db/client.ts';
import { until } from '../../test/bacnet-helpers.ts';
import { countedItems, countingHandler, countingJob, createCountingTable } from '../../test/counting-job-handler.ts';
import { countingServer, jobRow, logEntries, startWorker, untilStatus, workerProcess } from '../../test/job-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import type { JobHandler } from './job-handler.ts';
import { createJobsService } from './jobs.service.ts';

const apps = useTestApps();

/** Marks a job as held by a worker that died (its lease ran out a second ago) after committing `done`. */
async function orphan(db: Db, id: number, attempts: number, done: number) {
  await db.execute(sql`update jobs set status = 'running', locked_by = 'dead-worker', lease_expires_at = now() - interval '1 second',
    attempts = ${attempts}, run_started_time = now(), state = ${JSON.stringify({ done })}::jsonb where id = ${id}`);
}

describe('job recovery', () => {
  it('puts back a job whose lease expired and resumes it from its last committed step', async () => {
    const { t, jobs } = await countingServer(apps);
    const id = await jobs.create(countingJob(9, 3));
    await orphan(t.db, id, 1, 3);
    // A job whose lease is still running is left alone.
    const live = await jobs.create(countingJob(3, 3));
    await t.db.execute(sql`update jobs set status = 'running', locked_by = 'live-worker', lease_expires_at = now() + interval '1 hour', attempts = 1 where id = ${live}`);

    startWorker(apps, t.db, [countingHandler('rescuer')]);
    const done = await untilStatus(t.db, id, ['succeeded']);
    expect(done).toMatchObject({ attempts: 2, state: { done: 9 }, progress: 100 });
    expect((await countedItems(t.db, id)).map((r) => [r.n, r.attempt])).toEqual([[4, 2], [5, 2], [6, 2], [7, 2], [8, 2], [9, 2]]);
    expect((await logEntries(t.db, id))[0]).toMatchObject({ level: 'WARN', message: 'The worker running this job stopped (attempt 1); the job was put back in the queue.' });
    expect(await jobRow(t.db, live)).toMatchObject({ status: 'running', locked_by: 'live-worker', attempts: 1 });
  });

  it('fails a job that was started five times without finishing', async () => {
    const { t, jobs } = await countingServer(apps);
    const id = await jobs.create(countingJob(3, 3));
    await orphan(t.db, id, 5, 0);
    startWorker(apps, t.db, [countingHandler('w')]);
    const failed = await untilStatus(t.db, id, ['failed', 'succeeded']);
    expect(failed).toMatchObject({ status: 'failed', attempts: 6, error_message: "Stopped after 5 attempts: the job's worker stopped every time it ran it." });
    expect(await countedItems(t.db, id)).toEqual([]);
  });

  it('puts its jobs back on a graceful stop, so the next worker resumes them at once', async () => {
    const { t, jobs } = await countingServer(apps);
    const id = await jobs.create(countingJob(40, 2, 30));
    const first = startWorker(apps, t.db, [countingHandler('first')]);
    await until(async () => Number((await jobRow(t.db, id)).state.done ?? 0) >= 6, 10_000, 'six counted');
    await first.stop();

    const stopped = await jobRow(t.db, id);
    expect(stopped).toMatchObject({ status: 'queued', locked_by: null, lease_expires_at: null, attempts: 0 });
    const committed = Number(stopped.state.done);
    expect(committed).toBeLessThan(40);

    startWorker(apps, t.db, [countingHandler('second')]);
    expect(await untilStatus(t.db, id, ['succeeded'])).toMatchObject({ attempts: 1, state: { done: 40 } });
    const items = await countedItems(t.db, id);
    expect(items.map((r) => r.n)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(items.filter((r) => r.worker === 'first').length).toBe(committed);
    expect(items.filter((r) => r.worker === 'second').map((r) => r.n)[0]).toBe(committed + 1);
  });

  it('stops with the server and resumes when the server starts again', async () => {
    const env = { JOB_WORKER: 'true', JOB_POLL_MS: '50' };
    const before = await apps.start(env, { jobHandlers: [countingHandler('before restart')] });
    await createCountingTable(before.db);
    const id = await createJobsService(before.db).create(countingJob(30, 2, 30));
    await until(async () => Number((await jobRow(before.db, id)).state.done ?? 0) >= 4, 10_000, 'four counted');
    await apps.close();

    const t = await apps.start(env, { keepData: true, jobHandlers: [countingHandler('after restart')] });
    expect(await untilStatus(t.db, id, ['succeeded'])).toMatchObject({ attempts: 1, state: { done: 30 } });
    const items = await countedItems(t.db, id);
    expect(items.map((r) => r.n)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(items.filter((r) => r.worker === 'before restart').length).toBeGreaterThanOrEqual(4);
    expect(items.filter((r) => r.worker === 'after restart').length).toBeGreaterThan(0);
  });

  it('never lets two workers run the same job', async () => {
    const { t, jobs } = await countingServer(apps);
    const ran = new Map<string, number>();
    const tagged = (tag: string): JobHandler => ({
      jobType: 'pcs_point_import',
      async run(ctx) {
        ran.set(tag, (ran.get(tag) ?? 0) + 1);
        await ctx.step(async (tx) => {
          await tx.execute(sql`insert into job_test_items (job_id, n, attempt, worker) values (${ctx.job.id}, 1, ${ctx.job.attempts}, ${tag})`);
          await sleep(15);
          return { result: null, state: { done: true }, progress: 100 };
        });
      },
    });
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await jobs.create({ jobType: 'pcs_point_import', params: { i }, userId: null }));
    for (const tag of ['a', 'b']) {
      const database = connectDatabase(inject('databaseUrl'), { embedded: inject('embedded') });
      apps.defer(() => database.close());
      startWorker(apps, database.db, [tagged(tag)], { concurrency: 3, pollMs: 20 });
    }
    await until(async () => (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where status = 'succeeded'`)).rows[0]?.n === 30, 20_000, 'all done');

    const rows = await t.db.execute<{ runs: number; attempts: number }>(sql`
      select (select count(*)::int from job_test_items i where i.job_id = j.id) as runs, j.attempts from jobs j order by j.id`);
    expect(rows.rows).toEqual(ids.map(() => ({ runs: 1, attempts: 1 })));
    expect((ran.get('a') ?? 0) + (ran.get('b') ?? 0)).toBe(30);
    // On PostgreSQL both really work side by side (on PGlite their transactions take turns on one database).
    if (!inject('embedded')) expect(Math.min(ran.get('a') ?? 0, ran.get('b') ?? 0)).toBeGreaterThan(0);
  });

  it('resumes, in another worker, a job whose worker process was killed mid-step, with exact counts', async () => {
    const { t, jobs } = await countingServer(apps);
    const { child, workerId, exited } = await workerProcess(apps, new URL('../../test/counting-job-handler.ts', import.meta.url).pathname);
    const id = await jobs.create(countingJob(200, 5, 40));
    await until(async () => Number((await jobRow(t.db, id)).state.done ?? 0) >= 20, 20_000, 'the worker process counted 20');
    child.kill('SIGKILL');
    await exited;

    const killed = await jobRow(t.db, id);
    expect(killed).toMatchObject({ status: 'running', locked_by: workerId, attempts: 1 });
    const committed = Number(killed.state.done);
    expect(committed).toBeLessThan(200);
    // What the killed worker committed is there, nothing of the step it was in.
    expect((await countedItems(t.db, id)).length).toBe(committed);

    startWorker(apps, t.db, [countingHandler('rescuer')], { pollMs: 100 });
    const done = await untilStatus(t.db, id, ['succeeded', 'failed'], 20_000);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, state: { done: 200 }, progress: 100, locked_by: null });
    const items = await countedItems(t.db, id);
    expect(items.map((r) => r.n)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(items.filter((r) => r.worker === 'child-process' && r.attempt === 1).length).toBe(committed);
    expect(items.filter((r) => r.worker === 'rescuer' && r.attempt === 2).length).toBe(200 - committed);
    expect((await logEntries(t.db, id)).map((l) => l.level)).toEqual(['WARN', 'INFO']);
  }, 60_000);
});
