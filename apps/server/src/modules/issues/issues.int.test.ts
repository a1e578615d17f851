import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FieldChoices, FieldOption, Issue, IssueComment, IssueHistoryEntry, IssueLink } from '@syrx/contracts/issues';
import type { Page } from '@syrx/contracts/jobs';
import type { BacnetPoint } from '@syrx/contracts/points';
import { addDevice, analogInputs, ctlUrl, expectStatus, outsider, send, uploadPoints, viewerWithController, type Controller } from '../../test/bacnet-helpers.ts';
import { fieldsOf } from '../../test/admin-helpers.ts';
import { createProject, memberWith, signedInAdmin } from '../../test/project-helpers.ts';
import { type TestApp, type TestClient, useTestApps } from '../../test/test-app.ts';
import { closeIssuesResolvedBySweep } from './issue-auto-close.service.ts';

const apps = useTestApps();
const issues = '/api/v2/issues';
const patch = (c: TestClient, url: string, body: unknown) => send(c, 'PATCH', url, body);

/** A controller with one device of three points, and a point health sweep of it with findings on two of them (by SQL). */
async function setup(t: TestApp) {
  const { admin, rootId } = await signedInAdmin(t);
  const { viewer, ctl } = await viewerWithController(t, admin);
  const device = await addDevice(admin, ctl, { mac_address: '127.0.0.5:47808', instance_number: 5 });
  await uploadPoints(admin, device.id, analogInputs(1, 3));
  const points = expectStatus(await admin.get(`${ctlUrl(ctl)}/bacnet-points`), 200).json<BacnetPoint[]>();
  const choices = expectStatus(await viewer.get(`${issues}/field-options`), 200).json<FieldChoices>();
  return { admin, rootId, viewer, ctl, device, points, choices };
}

/** A succeeded sweep of the controller (scope `controller:id`) with findings (category, device, point) by SQL; its id and findings' ids. */
async function sweepWith(t: TestApp, ctl: Controller, findings: { category: string; deviceId: number; pointId: number | null }[], swept = true) {
  const [sweep] = (await t.db.execute<{ id: number }>(sql`insert into point_health_sweeps (syrx_controller_id, scope_key, operator_priorities)
    values (${ctl.id}, ${`controller:${ctl.id}`}, '[8]'::jsonb) returning id`)).rows;
  const sweepId = sweep?.id ?? 0;
  const [job] = (await t.db.execute<{ id: number }>(sql`insert into jobs (job_type, status, params) values ('point_health_sweep', 'succeeded', '{}'::jsonb) returning id`)).rows;
  await t.db.execute(sql`update point_health_sweeps set job_id = ${job?.id} where id = ${sweepId}`);
  await t.db.execute(sql`insert into point_health_sweep_controllers (sweep_id, syrx_controller_id, status) values (${sweepId}, ${ctl.id}, ${swept ? 'swept' : 'agent_unavailable'})`);
  const ids: number[] = [];
  for (const f of findings) {
    const key = `${f.category}:${f.deviceId}:${f.pointId ?? ''}`;
    const [row] = (await t.db.execute<{ id: number }>(sql`insert into point_health_findings (sweep_id, syrx_controller_id, device_id, point_id, category, finding_key, priority)
      values (${sweepId}, ${ctl.id}, ${f.deviceId}, ${f.pointId}, ${f.category}, ${key}, 8) returning id`)).rows;
    ids.push(row?.id ?? 0);
  }
  return { sweepId, ids };
}

describe('the issues log', () => {
  it('creates, reads, lists, filters, edits (with history), comments on and exports issues of a controller and a project', async () => {
    const t = await apps.start();
    const { admin, rootId, viewer, ctl, choices } = await setup(t);
    expect(choices.status.map((s) => [s.name, s.closed])).toEqual([['Open', false], ['In progress', false], ['Resolved', true], ['Closed', true]]);
    expect(choices.priority.map((s) => s.name)).toEqual(['Low', 'Medium', 'High', 'Critical']);
    const high = choices.priority.find((p) => p.name === 'High');
    const me = expectStatus(await viewer.get('/api/Login'), 200).json<{ id: number; username: string }>();
    expect(expectStatus(await viewer.get(`${issues}/assignees`), 200).json<{ id: number }[]>().map((u) => u.id)).toEqual([me.id]);

    const made = expectStatus(await send(viewer, 'POST', issues, { title: ' Damper stuck ', syrx_controller_id: ctl.id, priority_id: high?.id, assignee_id: me.id, due_date: '2026-12-01' }), 201).json<Issue>();
    expect(made).toMatchObject({ kind: 'issue', title: 'Damper stuck', status: 'Open', closed: false, priority: 'High', assignee: me.username, due_date: '2026-12-01', syrx_controller_id: ctl.id, syrx_controller_name: 'Viewer controller', group_id: ctl.group_id });
    const project = await createProject(admin, rootId, { name: 'Tower fit-out' });
    const other = expectStatus(await send(admin, 'POST', issues, { title: 'Commission chiller', description: 'Start-up sheet missing', project_id: project.id }), 201).json<Issue>();
    expect(other).toMatchObject({ project_id: project.id, project_name: 'Tower fit-out', priority: null });

    // The viewer sees only the entries of their group; the administrator all; paged, sorted and filtered.
    expect(expectStatus(await viewer.get(issues), 200).json<Page<Issue>>()).toMatchObject({ total: 1, items: [{ id: made.id }] });
    expect(expectStatus(await admin.get(`${issues}?sort=title:asc`), 200).json<Page<Issue>>().items.map((i) => i.title)).toEqual(['Commission chiller', 'Damper stuck']);
    expect(expectStatus(await admin.get(`${issues}?q=start-up`), 200).json<Page<Issue>>().items.map((i) => i.id)).toEqual([other.id]);
    expect(expectStatus(await admin.get(`${issues}?priority_id=${high?.id}&syrx_controller_id=${ctl.id}`), 200).json<Page<Issue>>().total).toBe(1);
    expect(expectStatus(await admin.get(`${issues}?project_id=${project.id}&pageSize=1`), 200).json<Page<Issue>>()).toMatchObject({ total: 1, items: [{ id: other.id }] });
    expect(expectStatus(await admin.get(`${issues}?assignee_id=${me.id}`), 200).json<Page<Issue>>().items.map((i) => i.id)).toEqual([made.id]);

    // PATCH: each change in the history with who, when and what; a closed status closes it.
    const resolved = choices.status.find((s) => s.name === 'Resolved');
    const edited = expectStatus(await patch(viewer, `${issues}/${made.id}`, { status_id: resolved?.id, title: 'Damper stuck open', assignee_id: null }), 200).json<Issue>();
    expect(edited).toMatchObject({ status: 'Resolved', closed: true, title: 'Damper stuck open', assignee: null });
    expect(edited.closed_at).not.toBeNull();
    expect(expectStatus(await admin.get(`${issues}?open=true`), 200).json<Page<Issue>>().items.map((i) => i.id)).toEqual([other.id]);
    expect(expectStatus(await admin.get(`${issues}?status_id=${resolved?.id}`), 200).json<Page<Issue>>().items.map((i) => i.id)).toEqual([made.id]);
    expect(expectStatus(await send(viewer, 'POST', `${issues}/${made.id}/comments`, { body: 'Checked on site' }), 201).json<IssueComment>()).toMatchObject({ username: me.username, body: 'Checked on site' });
    expect(expectStatus(await viewer.get(`${issues}/${made.id}/comments`), 200).json<IssueComment[]>().map((c) => c.body)).toEqual(['Checked on site']);
    const history = expectStatus(await viewer.get(`${issues}/${made.id}/history`), 200).json<IssueHistoryEntry[]>();
    expect(history.map((h) => h.action)).toEqual(['created', 'updated', 'commented']);
    expect(history[1]?.username).toBe(me.username);
    expect(history[1]?.changes).toEqual([
      { field: 'title', from: 'Damper stuck', to: 'Damper stuck open' }, { field: 'status', from: 'Open', to: 'Resolved' }, { field: 'assignee', from: me.username, to: null },
    ]);
    expect(history[1]?.at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const csv = expectStatus(await admin.get(`${issues}.csv?sort=id`), 200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('id,title,status,priority,type,assignee,due_date,project,controller,created_by,created_at,updated_at,closed_at,description');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([`${other.id},Commission chiller,Open`, `${made.id},Damper stuck open,Resolved`]);

    // Tasks are the same log under their own permission: the issue is no task.
    expectStatus(await viewer.get(`/api/v2/tasks/${made.id}`), 404);
    expect(expectStatus(await viewer.get('/api/v2/tasks'), 200).json<Page<Issue>>().total).toBe(0);
  }, 60_000);

  it('answers bad input with 400 naming the field, what the caller cannot see with 404, and a caller without the permission with 403', async () => {
    const t = await apps.start();
    const { admin, viewer, ctl, choices, points } = await setup(t);
    const taskChoices = expectStatus(await admin.get('/api/v2/tasks/field-options'), 200).json<FieldChoices>();
    expect(fieldsOf(await send(viewer, 'POST', issues, { syrx_controller_id: ctl.id }))).toHaveProperty('title');
    expect(fieldsOf(await send(viewer, 'POST', issues, { title: 'x' }))).toHaveProperty('project_id');
    expect(fieldsOf(await send(viewer, 'POST', issues, { title: 'x', syrx_controller_id: ctl.id, project_id: 1 }))).toHaveProperty('syrx_controller_id');
    expect(fieldsOf(await send(viewer, 'POST', issues, { title: 'x', project_id: 999 }))).toHaveProperty('project_id');
    expect(fieldsOf(await send(viewer, 'POST', issues, { title: 'x', syrx_controller_id: ctl.id, status_id: taskChoices.status[0]?.id }))).toHaveProperty('status_id');
    expect(fieldsOf(await send(viewer, 'POST', issues, { title: 'x', syrx_controller_id: ctl.id, priority_id: choices.status[0]?.id }))).toHaveProperty('priority_id');
    expect(fieldsOf(await send(viewer, 'POST', issues, { title: 'x', syrx_controller_id: ctl.id, due_date: '2026-13-45' }))).toHaveProperty('due_date');
    expect(fieldsOf(await send(viewer, 'POST', issues, { title: 'x', syrx_controller_id: ctl.id, assignee_id: 1 }))).toHaveProperty('assignee_id'); // the administrator is not theirs to see
    expect(Object.keys(fieldsOf(await send(viewer, 'POST', issues, { title: 'x', syrx_controller_id: ctl.id, links: { point_ids: [points[0]?.id ?? 0, 999999] } })))).toEqual(['links.point_ids.1']);
    expect(Object.keys(fieldsOf(await admin.get(`${issues}?sort=password:asc`)))).toEqual(['sort']);

    const made = expectStatus(await send(viewer, 'POST', issues, { title: 'Sensor reads 0', syrx_controller_id: ctl.id }), 201).json<Issue>();
    expect(fieldsOf(await patch(viewer, `${issues}/${made.id}`, { title: '' }))).toHaveProperty('title');
    expect(fieldsOf(await send(viewer, 'POST', `${issues}/${made.id}/comments`, { body: ' ' }))).toHaveProperty('body');
    expect(fieldsOf(await send(viewer, 'POST', `${issues}/${made.id}/links`, { kind: 'equipment', target_id: 999 }))).toHaveProperty('target_id');

    const stranger = await outsider(t);
    for (const url of [`${issues}/${made.id}`, `${issues}/${made.id}/history`, `${issues}/${made.id}/comments`, `${issues}/${made.id}/links`]) expectStatus(await stranger.get(url), 404);
    expectStatus(await patch(stranger, `${issues}/${made.id}`, { title: 'Mine' }), 404);
    expect(expectStatus(await stranger.get(issues), 200).json<Page<Issue>>().total).toBe(0);
    expect(fieldsOf(await send(stranger, 'POST', issues, { title: 'x', syrx_controller_id: ctl.id }))).toHaveProperty('syrx_controller_id');

    const { client: noIssues } = await memberWith(t, 'tasks-only@example.com', ['tasks_manage']);
    expectStatus(await noIssues.get(issues), 403);
    expectStatus(await noIssues.get('/api/v2/tasks'), 200);
    expectStatus(await admin.get(`${issues}/999999`), 404);
    expect(expectStatus(await admin.get(`${issues}/${made.id}`), 200).json<Issue>().title).toBe('Sensor reads 0');
  }, 60_000);

  it('turns findings into one issue linked to them, their points, devices and controller; links and unlinks more', async () => {
    const t = await apps.start();
    const { admin, viewer, ctl, device, points } = await setup(t);
    const [p1, p2, p3] = points;
    const { ids } = await sweepWith(t, ctl, [{ category: 'overridden', deviceId: device.id, pointId: p1?.id ?? 0 }, { category: 'fault', deviceId: device.id, pointId: p2?.id ?? 0 }]);
    const made = expectStatus(await send(viewer, 'POST', issues, { title: 'Two findings', links: { finding_ids: ids } }), 201).json<Issue>();
    expect(made).toMatchObject({ syrx_controller_id: ctl.id, status: 'Open' });
    const links = expectStatus(await viewer.get(`${issues}/${made.id}/links`), 200).json<IssueLink[]>();
    expect(links.map((l) => `${l.kind}:${l.target_id}`)).toEqual([`finding:${ids[0]}`, `finding:${ids[1]}`, `point:${p1?.id}`, `point:${p2?.id}`, `device:${device.id}`]);
    expect(links[0]?.label).toBe('overridden: AI-1 (device 5), sweep #1');
    expect(expectStatus(await viewer.get(`${issues}/${made.id}/history`), 200).json<IssueHistoryEntry[]>()[0]?.message).toBe('Created from 2 point health findings');

    const added = expectStatus(await send(viewer, 'POST', `${issues}/${made.id}/links`, { kind: 'point', target_id: p3?.id }), 201).json<IssueLink>();
    expectStatus(await send(viewer, 'POST', `${issues}/${made.id}/links`, { kind: 'point', target_id: p3?.id }), 409);
    expectStatus(await viewer.delete(`${issues}/${made.id}/links/${added.id}`), 204);
    expectStatus(await viewer.delete(`${issues}/${made.id}/links/${added.id}`), 404);
    expect(expectStatus(await viewer.get(`${issues}/${made.id}/history`), 200).json<IssueHistoryEntry[]>().map((h) => h.action)).toEqual(['created', 'linked', 'unlinked']);

    // Findings of two controllers make no one issue; a point of another controller is not linked to a controller's issue.
    const second = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Second', description: '', group_id: ctl.group_id }), 201).json<Controller>();
    const otherDevice = await addDevice(admin, second, { mac_address: '127.0.0.6:47808', instance_number: 6 });
    const elsewhere = await sweepWith(t, second, [{ category: 'unreachable', deviceId: otherDevice.id, pointId: null }]);
    expect(fieldsOf(await send(viewer, 'POST', issues, { title: 'Mixed', links: { finding_ids: [ids[0], elsewhere.ids[0]] } }))).toHaveProperty(['links.finding_ids']);
    expect(fieldsOf(await send(viewer, 'POST', `${issues}/${made.id}/links`, { kind: 'device', target_id: otherDevice.id }))).toHaveProperty('target_id');
  }, 60_000);

  it('closes an issue when a later sweep of the scope no longer finds its findings, and not while one is still found or not looked at', async () => {
    const t = await apps.start();
    const { viewer, ctl, device, points } = await setup(t);
    const [p1, p2] = points;
    const first = await sweepWith(t, ctl, [{ category: 'overridden', deviceId: device.id, pointId: p1?.id ?? 0 }, { category: 'fault', deviceId: device.id, pointId: p2?.id ?? 0 }]);
    const both = expectStatus(await send(viewer, 'POST', issues, { title: 'Both', links: { finding_ids: first.ids } }), 201).json<Issue>();
    const override = expectStatus(await send(viewer, 'POST', issues, { title: 'Override', links: { finding_ids: [first.ids[0]] } }), 201).json<Issue>();
    const status = async (i: Issue) => expectStatus(await viewer.get(`${issues}/${i.id}`), 200).json<Issue>().status;

    // A sweep that could not reach the controller decides nothing.
    const unswept = await sweepWith(t, ctl, [], false);
    expect(await t.db.transaction((tx) => closeIssuesResolvedBySweep(tx, unswept.sweepId))).toBe(0);
    // The fault is still there: "Both" stays open, the override's issue closes.
    const second = await sweepWith(t, ctl, [{ category: 'fault', deviceId: device.id, pointId: p2?.id ?? 0 }]);
    expect(await t.db.transaction((tx) => closeIssuesResolvedBySweep(tx, second.sweepId))).toBe(1);
    expect([await status(both), await status(override)]).toEqual(['Open', 'Closed']);
    const [, closing] = expectStatus(await viewer.get(`${issues}/${override.id}/history`), 200).json<IssueHistoryEntry[]>();
    expect(closing).toMatchObject({ username: null, action: 'closed_automatically', changes: [{ field: 'status', from: 'Open', to: 'Closed' }],
      message: `Closed automatically: sweep #${second.sweepId} no longer finds overridden on AI-1 (device 5)` });
    const third = await sweepWith(t, ctl, []);
    expect(await t.db.transaction((tx) => closeIssuesResolvedBySweep(tx, third.sweepId))).toBe(1);
    expect(await status(both)).toBe('Closed');
  }, 60_000);

  it('keeps issue and task field options apart on their Admin screens, unique per field, and refuses to delete one in use', async () => {
    const t = await apps.start();
    const { admin, viewer, ctl } = await setup(t);
    const url = '/api/v2/issue-field-options';
    const page = expectStatus(await admin.get(`${url}?pageSize=200&sort=position:asc`), 200).json<Page<FieldOption>>();
    expect(page.items.filter((o) => o.field === 'status').map((o) => o.name)).toEqual(['Open', 'In progress', 'Resolved', 'Closed']);
    expect(page.items.filter((o) => o.field === 'type').map((o) => o.name)).toContain('Override');
    const tasks = expectStatus(await admin.get('/api/v2/task-field-options?pageSize=200'), 200).json<Page<FieldOption>>();
    expect(tasks.items.filter((o) => o.field === 'type').map((o) => o.name)).toContain('Functional test');
    expect(tasks.items.map((o) => o.id).some((id) => page.items.some((o) => o.id === id))).toBe(false);
    expectStatus(await admin.get(`/api/v2/task-field-options/${page.items[0]?.id}`), 404);

    const waiting = expectStatus(await admin.post(url, { field: 'status', name: 'Waiting on contractor', position: 15 }), 201).json<FieldOption>();
    expect(waiting).toMatchObject({ field: 'status', name: 'Waiting on contractor', closed: false, issues: 0 });
    expect(expectStatus(await admin.post(url, { field: 'status', name: 'waiting ON contractor' }), 409).json<{ fields: { field: string }[] }>().fields.map((f) => f.field)).toEqual(['name']);
    expectStatus(await admin.post(url, { field: 'type', name: 'Waiting on contractor' }), 201);
    expectStatus(await admin.post('/api/v2/task-field-options', { field: 'status', name: 'Waiting on contractor' }), 201);
    expect(fieldsOf(await admin.post(url, { field: 'colour', name: 'Red' }))).toHaveProperty('field');
    expect(fieldsOf(await send(admin, 'PUT', `${url}/${waiting.id}`, { field: 'type', name: 'Waiting on contractor' }))).toHaveProperty('field');
    const choices = expectStatus(await viewer.get(`${issues}/field-options`), 200).json<FieldChoices>();
    expect(choices.status.map((s) => s.name)).toEqual(['Open', 'In progress', 'Waiting on contractor', 'Resolved', 'Closed']);

    expectStatus(await send(viewer, 'POST', issues, { title: 'Waits', syrx_controller_id: ctl.id, status_id: waiting.id }), 201);
    expect(expectStatus(await admin.get(`${url}/${waiting.id}`), 200).json<FieldOption>().issues).toBe(1);
    expectStatus(await admin.delete(`${url}/${waiting.id}`), 409);
    expectStatus(await viewer.get(url), 403);
  }, 60_000);
});
