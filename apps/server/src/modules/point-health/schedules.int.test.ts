import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '@syrx/contracts/jobs';
import type { PointHealthSchedule, PointHealthSweep } from '@syrx/contracts/point-health';
import { createGroupRole, fieldsOf, put, signedInAdmin } from '../../test/admin-helpers.ts';
import { expectStatus, until, viewerWithController } from '../../test/bacnet-helpers.ts';
import { adminViewerAndStranger } from '../../test/point-health-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';

const apps = useTestApps();
const api = '/api/v2/point-health';

describe('scheduled point health sweeps', () => {
  it('sets a group\'s daily sweep for the next time its hour comes, shown to the group\'s members; setting one needs the rights that start a sweep', async () => {
    const t = await apps.start();
    const { admin, viewer, ctl, stranger } = await adminViewerAndStranger(t);
    const url = `${api}/schedules/${ctl.group_id}`;

    const before = Date.now();
    const saved = expectStatus(await put(admin, url, { hour_utc: 3, operator_priorities: [8, 8] }), 200).json<PointHealthSchedule>();
    expect(saved).toMatchObject({ group_id: ctl.group_id, group_name: 'Viewer Facilities', hour_utc: 3, operator_priorities: [8], program_priorities: null, username: 'admin', last_sweep_id: null });
    const next = Date.parse(saved.next_run_at);
    expect(new Date(next).getUTCHours()).toBe(3);
    expect(next).toBeGreaterThan(before);
    expect(next - before).toBeLessThanOrEqual(86_400_000);

    expect(expectStatus(await viewer.get(`${api}/schedules`), 200).json<PointHealthSchedule[]>().map((s) => s.group_id)).toEqual([ctl.group_id]);
    expect(expectStatus(await stranger.get(`${api}/schedules`), 200).json<PointHealthSchedule[]>()).toEqual([]);
    expectStatus(await put(viewer, url, { hour_utc: 4 }), 403);
    expectStatus(await viewer.request({ method: 'DELETE', url }), 403);
    expectStatus(await put(stranger, url, { hour_utc: 4 }), 403);
    expect(fieldsOf(await put(admin, url, { hour_utc: 24 }))).toHaveProperty('hour_utc');

    // A group role granting group_controllers_manage there lets its holder change it, not another group's.
    const managers = await createGroupRole(admin, 'Controller managers', ['group_controllers_manage']);
    const me = expectStatus(await viewer.get('/api/Login'), 200).json<{ id: number }>();
    expectStatus(await put(admin, `/api/v2/users/${me.id}/group-roles`, { group_id: ctl.group_id, group_role_ids: [managers.id] }), 200);
    expect(expectStatus(await put(viewer, url, { hour_utc: 22, program_priorities: [16, 10] }), 200).json<PointHealthSchedule>())
      .toMatchObject({ hour_utc: 22, program_priorities: [10, 16], username: 'viewer@example.com' });
    expectStatus(await put(viewer, `${api}/schedules/1`, { hour_utc: 22 }), 404);
    expectStatus(await viewer.request({ method: 'DELETE', url }), 204);
    expectStatus(await viewer.request({ method: 'DELETE', url }), 404);
    expect(expectStatus(await viewer.get(`${api}/schedules`), 200).json<PointHealthSchedule[]>()).toEqual([]);
  }, 60_000);

  it('queues the sweep of a schedule that came due once, as the user who set it, and moves its next run to the next day', async () => {
    const t = await apps.start({ JOB_WORKER: 'true', JOB_POLL_MS: '50' });
    const admin = await signedInAdmin(t);
    const { ctl } = await viewerWithController(t, admin);
    const url = `${api}/schedules/${ctl.group_id}`;
    const hour = new Date().getUTCHours();
    expectStatus(await put(admin, url, { hour_utc: hour }), 200);
    await t.db.execute(sql`update point_health_schedules set next_run_at = now() - interval '1 minute' where group_id = ${ctl.group_id}`);

    const sweeps = async () => expectStatus(await admin.get(`${api}/sweeps?group_id=${ctl.group_id}`), 200).json<Page<PointHealthSweep>>();
    await until(async () => (await sweeps()).total > 0, 15_000, 'the scheduled sweep queued');
    const [sweep] = (await sweeps()).items;
    expect(sweep).toMatchObject({ scope: 'group', group_id: ctl.group_id, username: 'admin', controller_count: 1 });
    await until(async () => expectStatus(await admin.get(`${api}/sweeps/${sweep?.id}`), 200).json<PointHealthSweep>().status === 'succeeded', 15_000, 'the sweep done');

    const [schedule] = expectStatus(await admin.get(`${api}/schedules`), 200).json<PointHealthSchedule[]>();
    expect(schedule?.last_sweep_id).toBe(sweep?.id);
    const next = Date.parse(schedule?.next_run_at ?? '');
    expect(next).toBeGreaterThan(Date.now());
    expect(new Date(next).getUTCHours()).toBe(hour);
    // The scheduler runs every 60 polls (3 s here): a run later, still one sweep.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect((await sweeps()).total).toBe(1);
  }, 60_000);
});
