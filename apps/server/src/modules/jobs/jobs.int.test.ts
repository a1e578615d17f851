import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job, JobLog, JobType, Page } from '@syrx/contracts/jobs';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { untilStatus } from '../../test/job-helpers.ts';
import { grant } from '../../test/operations-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import type { JobHandler } from './job-handler.ts';
import { createJobsService } from './jobs.service.ts';

let t: TestApp;
afterEach(async () => t?.close());

const page = async (c: TestClient, query = '') => expectStatus(await c.get(`/api/v2/jobs${query ? `?${query}` : ''}`), 200).json<Page<Job>>();
const ids = (p: Page<Job>) => p.items.map((j) => j.id);

/** Jobs with known creation times (a minute apart, in the order given) and statuses. */
async function seed(rows: { type: JobType; userId: number | null; status?: string; priority?: number; progress?: number }[]): Promise<number[]> {
  const jobs = createJobsService(t.db);
  const made: number[] = [];
  for (const [i, r] of rows.entries()) {
    const id = await jobs.create({ jobType: r.type, params: { n: i }, userId: r.userId, priority: r.priority ?? 0 });
    await t.db.execute(sql`update jobs set created_time = timestamptz '2026-03-01T08:00:00Z' + ${i} * interval '1 minute',
      status = ${r.status ?? 'queued'}, progress = ${r.progress ?? 0} where id = ${id}`);
    made.push(id);
  }
  return made;
}

async function user(email: string, permissions: string[] = []): Promise<{ client: TestClient; id: number }> {
  const client = t.client();
  const { user: u } = await registerAndSignIn(client, t.db, { email, group_name: `${email} org` });
  if (permissions.length > 0) await grant(t.db, email, `${email} role`, permissions);
  return { client, id: u.id };
}

describe('jobs API', () => {
  it('pages top-level jobs newest first, sorts and filters them', async () => {
    t = await createTestApp();
    const admin = t.client();
    await admin.signIn();
    const types: JobType[] = ['pcs_point_import', 'vendor_point_record_import', 'vendor_point_record_move'];
    const made = await seed(Array.from({ length: 25 }, (_, i) => ({
      type: types[i % 3] as JobType, userId: i % 5 === 0 ? null : 1, status: i % 4 === 0 ? 'failed' : 'succeeded', priority: i % 7, progress: i * 4,
    })));
    await t.db.execute(sql`insert into jobs (parent_job_id, job_type, status) values (${made[0]}, 'point_record_copy', 'queued')`);

    const first = await page(admin, 'pageSize=10');
    expect(first.total).toBe(25);
    expect(ids(first)).toEqual([...made].reverse().slice(0, 10));
    expect(first.items[0]).toMatchObject({
      id: made[24], parent_job_id: null, job_type: 'pcs_point_import', status: 'failed', progress: 96, priority: 3, user_id: 1, username: 'admin',
      created_time: '2026-03-01T08:24:00.000Z', params: { n: 24 }, attempts: 0, error_message: null, child_job_count: 0, sibling_job_execution_order_index: 0,
    });
    expect(Date.parse(first.items[0]?.queued_time ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(ids(await page(admin, 'pageNum=3&pageSize=10'))).toEqual([made[4], made[3], made[2], made[1], made[0]]);
    expect((await page(admin, 'pageNum=3&pageSize=10')).items.at(-1)).toMatchObject({ child_job_count: 1, username: null });
    expect((await page(admin, 'includeChildren=true')).total).toBe(26);

    const byPriority = await page(admin, 'sort=priority:desc,id:asc&pageSize=3');
    expect(byPriority.items.map((j) => [j.priority, j.id])).toEqual([[6, made[6]], [6, made[13]], [6, made[20]]]);
    const byUser = await page(admin, 'sort[0][field]=username&sort[0][dir]=asc&pageSize=200');
    expect(byUser.items.map((j) => j.username).slice(-5)).toEqual([null, null, null, null, null]);

    const failed = await page(admin, 'filter[0][field]=status&filter[0][field_type]=string&filter[0][operator]=eq&filter[0][value]=failed&pageSize=200');
    expect(ids(failed)).toEqual([made[24], made[20], made[16], made[12], made[8], made[4], made[0]]);
    expect(failed.total).toBe(7);
    const moves = 'filter[0][field]=job_type&filter[0][field_type]=string&filter[0][operator]=contains&filter[0][value]=move'
      + '&filter[1][field]=progress&filter[1][field_type]=number&filter[1][operator]=gte&filter[1][value]=50';
    expect(ids(await page(admin, moves))).toEqual([made[23], made[20], made[17], made[14]]);
    const since = await page(admin, 'filter[0][field]=created_time&filter[0][field_type]=date&filter[0][operator]=gte&filter[0][value]=2026-03-01T08:22:00Z');
    expect(ids(since)).toEqual([made[24], made[23], made[22]]);
  });

  it('answers 400 naming the field for bad paging, sorting, filtering and ids, never 5xx', async () => {
    t = await createTestApp();
    const admin = t.client();
    await admin.signIn();
    const [id] = await seed([{ type: 'pcs_point_import', userId: 1 }]);
    const cases: [string, string][] = [
      ['/api/v2/jobs?pageSize=0', 'pageSize'],
      ['/api/v2/jobs?pageSize=500', 'pageSize'],
      ['/api/v2/jobs?pageNum=abc', 'pageNum'],
      ['/api/v2/jobs?pageNum=1e30', 'pageNum'],
      ['/api/v2/jobs?pageNum=9007199254740991&pageSize=200', 'pageNum'],
      ['/api/v2/jobs?sort=secret:asc', 'sort'],
      ['/api/v2/jobs?sort=id:sideways', 'sort.0.dir'],
      ['/api/v2/jobs?filter[0][field]=password&filter[0][field_type]=string&filter[0][operator]=eq&filter[0][value]=x', 'filter.0.field'],
      ['/api/v2/jobs?filter[0][field]=progress&filter[0][field_type]=number&filter[0][operator]=gt&filter[0][value]=lots', 'filter.0.value'],
      ['/api/v2/jobs?filter[0][field]=progress&filter[0][field_type]=string&filter[0][operator]=eq&filter[0][value]=1', 'filter.0.field_type'],
      ['/api/v2/jobs?filter[0][field]=status&filter[0][field_type]=string&filter[0][operator]=gt&filter[0][value]=a', 'filter.0.operator'],
      ['/api/v2/jobs?filter[0][field]=created_time&filter[0][field_type]=date&filter[0][operator]=lt&filter[0][value]=yesterday', 'filter.0.value'],
      ['/api/v2/jobs/abc', 'id'],
      ['/api/v2/jobs/0', 'id'],
      ['/api/v2/jobs/99999999999999999999', 'id'],
      [`/api/v2/jobs/${id}/logs?parentLogId=abc`, 'parentLogId'],
      [`/api/v2/jobs/${id}/logs?parentLogId=99999999999999999999`, 'parentLogId'],
    ];
    for (const [url, field] of cases) {
      const res = await admin.get(url);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json<{ fields: { field: string }[] }>().fields.map((f) => f.field), url).toContain(field);
    }
  });

  it('reads a job, its children in sibling order and its log tree as a worker left them', async () => {
    const step = (name: string): JobHandler['run'] => async (ctx) => {
      const parent = await ctx.log('INFO', `${name}: 2 chunks`);
      await ctx.log('DEBUG', `${name}: chunk 1`, { parentLogId: parent });
      await ctx.step(async () => {
        await ctx.log('DEBUG', `${name}: chunk 2`, { parentLogId: parent });
        return { result: null, state: {}, progress: 100 };
      });
    };
    const handlers: JobHandler[] = [
      {
        jobType: 'vendor_point_record_move',
        run: (ctx) => ctx.createChildren([
          { jobType: 'point_record_copy', params: { from: 1 }, logMessage: 'Copy records' },
          { jobType: 'equipment_point_remap', params: { from: 1 }, logMessage: 'Remap equipment points' },
        ]),
        afterChildren: async (ctx) => void (await ctx.log('INFO', 'Move finished')),
      },
      { jobType: 'point_record_copy', run: step('copy') },
      { jobType: 'equipment_point_remap', run: step('remap') },
    ];
    t = await createTestApp({ JOB_WORKER: 'true', JOB_POLL_MS: '50' }, { jobHandlers: handlers });
    const admin = t.client();
    await admin.signIn();
    const id = await createJobsService(t.db).create({ jobType: 'vendor_point_record_move', params: { source: 'A' }, userId: 1 });
    await untilStatus(t.db, id, ['succeeded', 'failed']);

    const job = expectStatus(await admin.get(`/api/v2/jobs/${id}`), 200).json<Job>();
    expect(job).toMatchObject({ id, status: 'succeeded', progress: 100, child_job_count: 2, attempts: 1, params: { source: 'A' }, username: 'admin' });
    for (const time of [job.queued_time, job.run_started_time, job.run_finished_time, job.finished_time]) expect(time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const kids = expectStatus(await admin.get(`/api/v2/jobs/${id}/child-jobs`), 200).json<Job[]>();
    expect(kids.map((k) => [k.job_type, k.sibling_job_execution_order_index, k.parent_job_id, k.status])).toEqual([
      ['point_record_copy', 0, id, 'succeeded'], ['equipment_point_remap', 1, id, 'succeeded'],
    ]);
    expect(expectStatus(await admin.get(`/api/v2/jobs/${kids[0]?.id}/child-jobs`), 200).json()).toEqual([]);

    const logs = async (jobId: number, parent: number | 'null') => expectStatus(await admin.get(`/api/v2/jobs/${jobId}/logs?parentLogId=${parent}`), 200).json<JobLog[]>();
    const top = await logs(id, 'null');
    expect(top.map((l) => [l.level, l.message, l.hasChildLogs, l.jobId, l.parentLogId])).toEqual([
      ['INFO', 'Copy records', true, id, null], ['INFO', 'Remap equipment points', true, id, null], ['INFO', 'Move finished', false, id, null],
    ]);
    expect(top.map((l) => l.id)).toEqual([...top.map((l) => l.id)].sort((a, b) => a - b));
    const copyStep = await logs(id, top[0]?.id ?? 0);
    expect(copyStep.map((l) => [l.message, l.hasChildLogs, l.jobId])).toEqual([['copy: 2 chunks', true, kids[0]?.id]]);
    const chunks = await logs(id, copyStep[0]?.id ?? 0);
    expect(chunks.map((l) => [l.level, l.message, l.hasChildLogs])).toEqual([['DEBUG', 'copy: chunk 1', false], ['DEBUG', 'copy: chunk 2', false]]);
    expect(Date.parse(chunks[0]?.timestamp ?? '')).toBeLessThanOrEqual(Date.parse(chunks[1]?.timestamp ?? ''));
    // The step job's own tree starts at its entries; an entry of another job tree shows nothing.
    expect((await logs(kids[1]?.id ?? 0, 'null')).map((l) => l.message)).toEqual(['remap: 2 chunks']);
    expect(await logs(kids[1]?.id ?? 0, top[0]?.id ?? 0)).toEqual([]);
    expect(await logs(id, 987654)).toEqual([]);

    for (const url of ['/api/v2/jobs/987654', '/api/v2/jobs/987654/child-jobs', '/api/v2/jobs/987654/logs?parentLogId=null']) {
      expect(expectStatus(await admin.get(url), 404).json()).toEqual({ code: 'not_found', message: 'Job not found' });
    }
  });

  it('shows every job to nightly_process_logs_view and pcs_admin, move jobs to movers, and their own jobs to others', async () => {
    t = await createTestApp();
    const admin = t.client();
    await admin.signIn();
    const plain = await user('plain@example.com');
    const mover = await user('mover@example.com', ['move_vendor_point_records']);
    const nightly = await user('nightly@example.com', ['nightly_process_logs_view']);
    const [adminImport, adminMove, plainImport, moverImport, systemCopy] = await seed([
      { type: 'pcs_point_import', userId: 1 },
      { type: 'vendor_point_record_move', userId: 1 },
      { type: 'vendor_point_record_import', userId: plain.id },
      { type: 'pcs_point_import', userId: mover.id },
      { type: 'point_record_copy', userId: null },
    ]) as [number, number, number, number, number];
    const all = [systemCopy, moverImport, plainImport, adminMove, adminImport];

    expect(ids(await page(admin))).toEqual(all);
    expect(ids(await page(nightly.client))).toEqual(all);
    expect(ids(await page(mover.client))).toEqual([systemCopy, moverImport, adminMove]);
    expect(ids(await page(plain.client))).toEqual([plainImport]);
    expect((await page(plain.client)).total).toBe(1);

    expectStatus(await plain.client.get(`/api/v2/jobs/${plainImport}`), 200);
    expectStatus(await mover.client.get(`/api/v2/jobs/${adminMove}/child-jobs`), 200);
    for (const url of [`/api/v2/jobs/${adminImport}`, `/api/v2/jobs/${adminMove}/child-jobs`, `/api/v2/jobs/${moverImport}/logs?parentLogId=null`]) {
      expect(expectStatus(await plain.client.get(url), 404).json()).toEqual({ code: 'not_found', message: 'Job not found' });
    }
    expectStatus(await mover.client.get(`/api/v2/jobs/${plainImport}`), 404);
    expectStatus(await nightly.client.get(`/api/v2/jobs/${plainImport}/logs`), 200);
    expectStatus(await t.client().get('/api/v2/jobs'), 401);
    expectStatus(await t.client().get(`/api/v2/jobs/${adminImport}`), 401);
  });
});
