import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BacnetDevice, DeviceInput } from '@syrx/contracts/devices';
import type { Page } from '@syrx/contracts/jobs';
import type { FleetRow, PointHealthCategory, PointHealthFinding, PointHealthSweep, SweepController } from '@syrx/contracts/point-health';
import type { BacnetPoint } from '@syrx/contracts/points';
import { hostIn, serverWithController, useAgentTestFile } from '../../test/agent-helpers.ts';
import { createGroupRole, fieldsOf, put, signedInAdmin } from '../../test/admin-helpers.ts';
import { addDevice, type Controller, ctlUrl, expectStatus, send } from '../../test/bacnet-helpers.ts';
import { auditEntries } from '../../test/operations-helpers.ts';
import { adminViewerAndStranger, sweepDone, sweepingServer } from '../../test/point-health-helpers.ts';
import type { TestApp, TestClient } from '../../test/test-app.ts';

// This file's loopback range, 127.0.57.x (+100 in the PostgreSQL pass): the demo building at .0, the agent at .200.
const file = useAgentTestFile(57);
const { base, site } = file;
const api = '/api/v2/point-health';

const AI = 0;
const AO = 1;

/** A device of the demo building behind RTR-1 (MS/TP MAC `mac`), or on the IP network at host `host`. */
const vav = (mac: number): DeviceInput => ({ mac_address: hostIn(base, 2), instance_number: 1001000 + mac, destination_network: 1001, destination_mac_address: mac.toString(16).padStart(2, '0') });
const onIp = (host: number, instance: number): DeviceInput => ({ mac_address: hostIn(base, host), instance_number: instance });

interface Building {
  t: TestApp;
  admin: TestClient;
  viewer: TestClient;
  ctl: Controller;
  devices: Record<string, BacnetDevice>;
  point(device: string, type: number, instance: number): Promise<BacnetPoint>;
}

/**
 * A server running the job worker; a controller in a self-registered organization (its member, `viewer`, sees it without
 * permissions) with the real agent in this file's range; the demo building's devices of each condition, their points read
 * through the agent; a device that does not exist (unreachable); CP-1's chilled-water supply selected for reporting with no
 * record (stale) and its return with a fresh one (not stale).
 */
async function building(): Promise<Building> {
  const { t, admin, viewer, ctl } = await sweepingServer(file);
  const inputs: Record<string, DeviceInput> = {
    'VAV-2-02': vav(2), 'VAV-2-04': vav(4), 'VAV-2-06': vav(6), 'VAV-2-09': vav(9), 'VAV-2-10': vav(10), 'VAV-3-09': vav(19), 'CP-1': onIp(12, 1201), ghost: onIp(99, 99),
  };
  const devices: Record<string, BacnetDevice> = {};
  for (const [name, input] of Object.entries(inputs)) {
    devices[name] = await addDevice(admin, ctl, input);
    if (name === 'ghost') continue;
    expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${devices[name]?.id}/reload-properties`), 200);
    expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${devices[name]?.id}/reload-points`), 200);
  }
  const point = async (device: string, type: number, instance: number) => {
    const points = expectStatus(await admin.get(`/api/bacnet-devices/${devices[device]?.id}/bacnet-points?take=100`), 200).json<BacnetPoint[]>();
    const p = points.find((x) => x.object_type === type && x.instance_number === instance);
    if (!p) throw new Error(`no point ${device} ${type}:${instance}`);
    return p;
  };
  const [supply, ret] = [await point('CP-1', AI, 1), await point('CP-1', AI, 2)];
  for (const p of [supply, ret]) expectStatus(await send(admin, 'PATCH', `${ctlUrl(ctl)}/reporting-points/${p.id}`, { is_selected_for_reporting: true }), 200);
  await t.db.execute(sql`insert into data_points (kind, bacnet_point_id, latest_record_on, latest_value, record_count) values ('controller-bacnet-point', ${ret.id}, now(), 54, 1)`);
  return { t, admin, viewer, ctl, devices, point };
}

async function findings(c: TestClient, sweepId: number, query = ''): Promise<PointHealthFinding[]> {
  return expectStatus(await c.get(`${api}/sweeps/${sweepId}/findings?page_size=500&${query}`), 200).json<Page<PointHealthFinding>>().items;
}

/** Each category's findings as "device object:instance" (device alone for an unreachable one). */
const byCategory = (items: PointHealthFinding[]) => {
  const out: Partial<Record<PointHealthCategory, string[]>> = {};
  for (const f of items) (out[f.category] ??= []).push(f.point_id === null ? `${f.device_name ?? f.device_instance}` : `${f.device_name} ${f.object_type}:${f.instance_number}`);
  for (const list of Object.values(out)) list.sort();
  return out;
};

describe('point health sweeps through the real agent', () => {
  it('finds each category exactly on the points set up in it, with what the device answered, and shows them per controller, in the fleet and as CSV', async () => {
    const b = await building();
    const sweep = await sweepDone(b.admin, { syrx_controller_id: b.ctl.id });
    expect(sweep).toMatchObject({ scope: 'controller', syrx_controller_id: b.ctl.id, controller_count: 1, device_count: 8, progress: 100, comparison: null, operator_priorities: [8] });
    expect(sweep.started_at).not.toBeNull();
    expect(sweep.finished_at).not.toBeNull();

    const all = await findings(b.admin, sweep.id);
    expect(byCategory(all)).toEqual({
      overridden: [`VAV-2-02 ${AO}:1`], // VAV-2-09's command at 10 is a program's, not an override
      out_of_service: [`VAV-2-04 ${AI}:2`],
      fault: [`VAV-2-06 ${AI}:1`],
      in_alarm: [`VAV-2-10 ${AI}:3`, `VAV-3-09 ${AI}:1`],
      stale: [`CP-1 ${AI}:1`],
      unreachable: ['99'],
    });
    expect(sweep.counts).toEqual({ overridden: 1, out_of_service: 1, fault: 1, in_alarm: 2, stale: 1, unreachable: 1 });
    const override = all.find((f) => f.category === 'overridden');
    expect(override).toMatchObject({ present_value: 100, priority: 8, point_name: 'VAV-2-02 Damper Position', change: null });
    expect(override?.units).toBeTruthy();
    expect(override?.priority_array?.[7]).toBe(100);
    expect(all.find((f) => f.category === 'fault')).toMatchObject({ reliability: 1, detail: 'Reliability: no-sensor', status_flags: { fault: true } });
    expect(all.find((f) => f.category === 'stale')?.detail).toBe('No record yet');
    expect(all.find((f) => f.category === 'unreachable')?.detail).toMatch(/BacnetTimeout/);

    // Filters: by category, device and controller; a page.
    expect((await findings(b.admin, sweep.id, 'category=in_alarm')).map((f) => f.device_name).sort()).toEqual(['VAV-2-10', 'VAV-3-09']);
    expect((await findings(b.admin, sweep.id, `device_id=${b.devices['VAV-2-06']?.id}`)).map((f) => f.category)).toEqual(['fault']);
    expect(await findings(b.admin, sweep.id, `syrx_controller_id=${b.ctl.id}`)).toHaveLength(7);
    const page = expectStatus(await b.admin.get(`${api}/sweeps/${sweep.id}/findings?page=2&page_size=3&sort=device_name:desc`), 200).json<Page<PointHealthFinding>>();
    expect(page.total).toBe(7);
    expect(page.items.map((f) => f.device_name)).toEqual(['VAV-2-04', 'VAV-2-02', 'CP-1']); // after VAV-3-09, VAV-2-10, VAV-2-06; the unnamed last

    const controllers = expectStatus(await b.admin.get(`${api}/sweeps/${sweep.id}/controllers`), 200).json<SweepController[]>();
    expect(controllers).toEqual([expect.objectContaining({ syrx_controller_id: b.ctl.id, status: 'swept', device_count: 8, counts: sweep.counts })]);
    expect(controllers[0]?.point_count).toBeGreaterThan(40);
    const fleet = expectStatus(await b.viewer.get(`${api}/fleet`), 200).json<FleetRow[]>();
    expect(fleet).toEqual([expect.objectContaining({ syrx_controller_id: b.ctl.id, sweep_id: sweep.id, sweep_status: 'swept', counts: sweep.counts })]);

    const csv = expectStatus(await b.viewer.get(`${api}/sweeps/${sweep.id}/findings.csv?category=overridden`), 200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toMatch(/^category,change,controller,device_instance,device_name,object,point_name,present_value/);
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^overridden,,Viewer controller,1001002,VAV-2-02,OBJECT_ANALOG_OUTPUT:1,VAV-2-02 Damper Position,100,/)]);
  }, 120_000);

  it('relinquishes an override in the device (audited), and compares the next sweep with it: new, resolved, unchanged', async () => {
    const b = await building();
    const first = await sweepDone(b.admin, { syrx_controller_id: b.ctl.id });
    const [override] = await findings(b.admin, first.id, 'category=overridden');
    const damper = () => site().device(1001002).model.point({ type: AO, instance: 1 });
    try {
      // A finding that is no override is refused; the member without permissions may not relinquish.
      const [fault] = await findings(b.admin, first.id, 'category=fault');
      expect(fieldsOf(await b.admin.post(`${api}/findings/${fault?.id}/relinquish`))).toHaveProperty('id');
      expectStatus(await b.viewer.post(`${api}/findings/${override?.id}/relinquish`), 403);

      const done = expectStatus(await b.admin.post(`${api}/findings/${override?.id}/relinquish`), 200).json<PointHealthFinding>();
      expect(done).toMatchObject({ id: override?.id, relinquished_by: 'admin' });
      expect(done.relinquished_at).not.toBeNull();
      expect(damper()?.priorityArray).toEqual(Array.from({ length: 16 }, () => null));
      const [entry] = (await auditEntries(b.admin, 'filters[0][field]=action&filters[0][field_type]=string&filters[0][operator]=eq&filters[0][value]=bacnet.write'));
      expect(entry).toMatchObject({ username: 'admin', target_id: b.ctl.id, details: { reason: 'relinquish override', priority: 8, value: null, previous_value: 100, outcome: 'done' } });

      // Meanwhile someone overrides VAV-2-06's damper at 8; the next sweep tells what changed.
      const other = site().device(1001006).model.point({ type: AO, instance: 1 });
      if (other) other.priorityArray[7] = 45;
      const second = await sweepDone(b.admin, { syrx_controller_id: b.ctl.id });
      expect(second.comparison).toEqual({ previous_sweep_id: first.id, new: 1, resolved: 1, unchanged: 6 });
      expect((await findings(b.admin, second.id, 'change=new')).map((f) => `${f.device_name} ${f.category}`)).toEqual(['VAV-2-06 overridden']);
      const resolved = await findings(b.admin, second.id, 'change=resolved');
      expect(resolved).toEqual([expect.objectContaining({ id: override?.id, sweep_id: first.id, change: 'resolved', device_name: 'VAV-2-02' })]);
      expect((await findings(b.admin, second.id, 'change=unchanged')).every((f) => f.change === 'unchanged')).toBe(true);
      expect((await findings(b.admin, second.id)).filter((f) => f.change === 'new')).toHaveLength(1);
      // A sweep of another scope (the group) is not compared with the controller's.
      const groupSweep = await sweepDone(b.admin, { group_id: b.ctl.group_id });
      expect(groupSweep).toMatchObject({ scope: 'group', group_id: b.ctl.group_id, controller_count: 1, comparison: null, counts: second.counts });
      const listed = expectStatus(await b.viewer.get(`${api}/sweeps?syrx_controller_id=${b.ctl.id}`), 200).json<Page<PointHealthSweep>>();
      expect(listed.items.map((s) => s.id)).toEqual([groupSweep.id, second.id, first.id]);
    } finally {
      const d = damper();
      if (d) d.priorityArray[7] = 100;
      const other = site().device(1001006).model.point({ type: AO, instance: 1 });
      if (other) other.priorityArray[7] = null;
    }
  }, 120_000);
});

describe('point health permissions and input', () => {
  it('shows a sweep to the members of the controller\'s group; starting one needs pcs_admin or the group\'s controller-management role', async () => {
    const t = await file.start();
    const { admin, viewer, ctl, stranger } = await adminViewerAndStranger(t);
    // No agent: the sweep finishes with the controller marked as not swept (the job runs later; here only the routes).
    const sweep = expectStatus(await send(admin, 'POST', `${api}/sweeps`, { syrx_controller_id: ctl.id, operator_priorities: [8, 5, 8] }), 202).json<PointHealthSweep>();
    expect(sweep).toMatchObject({ status: 'queued', operator_priorities: [5, 8], program_priorities: null, controller_count: 1, username: 'admin' });

    expectStatus(await viewer.get(`${api}/sweeps/${sweep.id}`), 200);
    expectStatus(await viewer.get(`${api}/sweeps/${sweep.id}/findings`), 200);
    expect(expectStatus(await viewer.get(`${api}/sweeps`), 200).json<Page<PointHealthSweep>>().total).toBe(1);
    expectStatus(await send(viewer, 'POST', `${api}/sweeps`, { syrx_controller_id: ctl.id }), 403);
    expectStatus(await send(viewer, 'POST', `${api}/sweeps`, { group_id: ctl.group_id }), 403);
    expect(expectStatus(await viewer.get(`${api}/fleet?group_id=${ctl.group_id}`), 200).json<FleetRow[]>().map((r) => r.syrx_controller_id)).toEqual([ctl.id]);
    expectStatus(await viewer.get(`${api}/fleet?group_id=1`), 404);
    expect(expectStatus(await viewer.get(`${api}/sweeps?group_id=${ctl.group_id}`), 200).json<Page<PointHealthSweep>>().total).toBe(0);

    // Another organization sees nothing of it.
    for (const url of [`${api}/sweeps/${sweep.id}`, `${api}/sweeps/${sweep.id}/findings`, `${api}/sweeps/${sweep.id}/controllers`, `${api}/sweeps/${sweep.id}/findings.csv`]) {
      expectStatus(await stranger.get(url), 404);
    }
    expect(expectStatus(await stranger.get(`${api}/sweeps`), 200).json<Page<PointHealthSweep>>().total).toBe(0);
    expect(expectStatus(await stranger.get(`${api}/fleet`), 200).json<FleetRow[]>()).toEqual([]);
    expectStatus(await stranger.get(`${api}/sweeps?syrx_controller_id=${ctl.id}`), 404);

    // A group role granting group_controllers_manage in the controller's group lets its holder start sweeps there.
    const managers = await createGroupRole(admin, 'Controller managers', ['group_controllers_manage']);
    const me = expectStatus(await viewer.get('/api/Login'), 200).json<{ id: number }>();
    expectStatus(await put(admin, `/api/v2/users/${me.id}/group-roles`, { group_id: ctl.group_id, group_role_ids: [managers.id] }), 200);
    expectStatus(await send(viewer, 'POST', `${api}/sweeps`, { syrx_controller_id: ctl.id }), 202);
    const groupSweep = expectStatus(await send(viewer, 'POST', `${api}/sweeps`, { group_id: ctl.group_id, program_priorities: [16, 10] }), 202).json<PointHealthSweep>();
    expect(groupSweep).toMatchObject({ scope: 'group', program_priorities: [10, 16], operator_priorities: [8] });
    // …but not in a group they do not see.
    expectStatus(await send(viewer, 'POST', `${api}/sweeps`, { group_id: 1 }), 404);
  }, 60_000);

  it('answers bad input with 400 naming the field, and unknown sweeps with 404', async () => {
    const t = await file.start();
    const admin = await signedInAdmin(t);
    const ctl = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Solo', description: '' }), 201).json<Controller>();
    expect(fieldsOf(await send(admin, 'POST', `${api}/sweeps`, {}))).toHaveProperty('syrx_controller_id');
    expect(fieldsOf(await send(admin, 'POST', `${api}/sweeps`, { syrx_controller_id: ctl.id, group_id: 1 }))).toHaveProperty('group_id');
    expect(Object.keys(fieldsOf(await send(admin, 'POST', `${api}/sweeps`, { syrx_controller_id: ctl.id, operator_priorities: [17] }))).join()).toMatch(/operator_priorities/);
    expectStatus(await send(admin, 'POST', `${api}/sweeps`, { syrx_controller_id: '00000000-0000-4000-8000-000000000000' }), 404);
    const sweep = expectStatus(await send(admin, 'POST', `${api}/sweeps`, { syrx_controller_id: ctl.id }), 202).json<PointHealthSweep>();
    expect(Object.keys(fieldsOf(await admin.get(`${api}/sweeps/${sweep.id}/findings?category=broken`))).join()).toMatch(/category/);
    expect(Object.keys(fieldsOf(await admin.get(`${api}/sweeps/${sweep.id}/findings?sort=password:asc`))).join()).toMatch(/sort/);
    expectStatus(await admin.get(`${api}/sweeps/999999`), 404);
    expectStatus(await admin.post(`${api}/findings/999999/relinquish`), 404);
  }, 60_000);

  it('finishes a sweep of a controller whose agent is not connected, saying so', async () => {
    const { admin, ctl } = await serverWithController(file, { JOB_WORKER: 'true', JOB_POLL_MS: '100' });
    await addDevice(admin, ctl, onIp(12, 1201));
    const sweep = await sweepDone(admin, { syrx_controller_id: ctl.id });
    expect(sweep.counts).toEqual({ overridden: 0, out_of_service: 0, fault: 0, in_alarm: 0, stale: 0, unreachable: 0 });
    expect(expectStatus(await admin.get(`${api}/sweeps/${sweep.id}/controllers`), 200).json<SweepController[]>())
      .toEqual([expect.objectContaining({ status: 'agent_unavailable', error_message: "The controller's agent is not connected.", device_count: 0 })]);
    expect(expectStatus(await admin.get(`${api}/fleet`), 200).json<FleetRow[]>()).toEqual([expect.objectContaining({ sweep_id: sweep.id, sweep_status: 'agent_unavailable' })]);
  }, 60_000);
});
