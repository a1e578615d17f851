import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { BacnetPoint } from '@syrx/contracts/points';
import {
  adminWithController, addDevice, analogInputs, type Controller, ctlUrl, expectStatus, outsider, uploadPoints, viewerWithController,
} from '../../test/bacnet-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
afterEach(async () => t?.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; payload?: unknown };
const querySvc = 'Syrx.Services.BacnetNetworkQueryService';

/** A controller with a device, its points and an upload in progress: every route of the area, reads and changes. */
async function routesOf(admin: TestClient, ctl: Controller) {
  const c = ctlUrl(ctl);
  const device = await addDevice(admin, ctl, { mac_address: '10.1.0.5', instance_number: 5 });
  await uploadPoints(admin, device.id, analogInputs(1, 3));
  const [point] = expectStatus(await admin.get(`/api/bacnet-devices/${device.id}/bacnet-points`), 200).json<BacnetPoint[]>();
  const { upload_id } = expectStatus(await admin.post(`/api/bacnet-devices/${device.id}/bacnet-points/begin`, {}), 201).json<{ upload_id: number }>();
  const d = `${c}/bacnet-devices/${device.id}`;
  const pts = `/api/bacnet-devices/${device.id}/bacnet-points`;
  const reads: Call[] = [
    { method: 'GET', url: `${c}/bacnet-devices` }, { method: 'GET', url: `${c}/bacnet-devices/count` }, { method: 'GET', url: d },
    { method: 'GET', url: `${d}/point-changes` }, { method: 'GET', url: `${c}/bacnet-points` }, { method: 'GET', url: `${c}/bacnet-points/count` },
    { method: 'GET', url: `${c}/bacnet-points/${point?.id}` }, { method: 'GET', url: pts }, { method: 'GET', url: `${pts}/count` },
    { method: 'GET', url: `${pts}/object-groups` }, { method: 'GET', url: `${c}/services/${querySvc}/messages` },
    { method: 'GET', url: `${c}/services/${querySvc}/messages/count` },
  ];
  const changes: Call[] = [
    { method: 'POST', url: `${d}/reload-properties` }, { method: 'POST', url: `${d}/reload-points` },
    { method: 'PUT', url: `${d}/ignored`, payload: { ignored: true } },
    { method: 'PATCH', url: `${c}/bacnet-devices`, payload: [{ id: device.id, name: 'x' }] },
    { method: 'PATCH', url: '/api/bacnet-devices', payload: [{ id: device.id, name: 'x' }] },
    { method: 'POST', url: `${c}/syrx-controller-bacnet-devices`, payload: { mac_address: '10.1.0.6', instance_number: 6 } },
    { method: 'POST', url: `${c}/syrx-controller-bacnet-devices`, payload: [{ mac_address: '10.1.0.7', instance_number: 7 }] },
    { method: 'PATCH', url: `${c}/reporting-points/${point?.id}`, payload: { is_selected_for_reporting: true } },
    { method: 'POST', url: `${pts}/begin`, payload: {} }, { method: 'POST', url: pts, payload: { upload_id, points: analogInputs(1, 1) } },
    { method: 'POST', url: `${pts}/complete`, payload: { upload_id } },
    { method: 'POST', url: `${c}/services/${querySvc}/messages/create-discover-devices-message`, payload: {} },
  ];
  return { reads, changes, device, point };
}

const call = (c: TestClient, x: Call) => c.request({ method: x.method, url: x.url, ...(x.payload === undefined ? {} : { payload: x.payload as object }) });

describe('who may see and change devices and points', () => {
  it('answers 404 on every route to a user of another group, and 401 without a session', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    const { reads, changes } = await routesOf(admin, ctl);
    const stranger = await outsider(t);
    for (const x of [...reads, ...changes]) expect((await call(stranger, x)).statusCode, `${x.method} ${x.url}`).toBe(404);
    const anonymous = t.client();
    await anonymous.get('/api/Login'); // the session check hands out the CSRF cookie, so changes reach the session check
    for (const x of [...reads, ...changes]) expect((await call(anonymous, x)).statusCode, `${x.method} ${x.url}`).toBe(401);
  });

  it("answers a stranger's list with a query the lists refuse 404 too, not the query's 400 (the gate's 404 comes first)", async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    const { device } = await routesOf(admin, ctl);
    const stranger = await outsider(t);
    const lists = [`${ctlUrl(ctl)}/bacnet-devices`, `${ctlUrl(ctl)}/bacnet-points`, `/api/bacnet-devices/${device.id}/bacnet-points`];
    for (const list of lists) {
      for (const url of [list, `${list}/count`]) {
        const refused = `${url}?filters[0][field]=nonexistent&filters[0][field_type]=string&filters[0][operator]=contains&filters[0][value]=x`;
        expect((await stranger.get(refused)).statusCode, refused).toBe(404);
        expect((await admin.get(refused)).statusCode, refused).toBe(400);
      }
    }
  });

  it("carries each list's access gate in its statement: a subgroup's controller is seen, an unclaimed one is not, even by an administrator", async () => {
    t = await createTestApp();
    const { admin } = await adminWithController(t);
    const { viewer, ctl } = await viewerWithController(t, admin);
    const { device } = await routesOf(admin, ctl);
    const lists = [`${ctlUrl(ctl)}/bacnet-devices`, `${ctlUrl(ctl)}/bacnet-points`, `/api/bacnet-devices/${device.id}/bacnet-points`];
    const answers = async (c: TestClient) => {
      const out: unknown[] = [];
      for (const list of lists) {
        for (const url of [`${list}?showUnavailable=true`, `${list}/count?showUnavailable=true`]) out.push((await c.get(url)).json());
      }
      out.push((await c.get(`/api/bacnet-devices/${device.id}/bacnet-points/object-groups`)).json());
      return out;
    };
    const seen = await answers(viewer);
    expect(seen.slice(0, 6).map((x) => (Array.isArray(x) ? x.length : (x as { count: number }).count))).toEqual([1, 1, 3, 3, 3, 3]);

    // Into a group below the viewer's organization: still theirs, the same answers.
    const { rows: [sub] } = await t.db.execute<{ id: number }>(
      sql`insert into groups (name, parent_id) select 'Plant room', group_id from syrx_controllers where id = ${ctl.id} returning id`);
    await t.db.execute(sql`update syrx_controllers set group_id = ${sub?.id} where id = ${ctl.id}`);
    expect(await answers(viewer)).toEqual(seen);

    // Unclaimed (in no group): nobody's, the administrator's lists included.
    await t.db.execute(sql`update syrx_controllers set group_id = null where id = ${ctl.id}`);
    for (const c of [viewer, admin]) {
      for (const list of lists) {
        for (const url of [list, `${list}/count`]) expect((await c.get(url)).statusCode, url).toBe(404);
      }
      expect((await c.get(`/api/bacnet-devices/${device.id}/bacnet-points/object-groups`)).statusCode).toBe(404);
    }
    // A device that does not exist.
    expect((await admin.get(`/api/bacnet-devices/${device.id + 1000}/bacnet-points`)).statusCode).toBe(404);
    expect((await admin.get(`/api/bacnet-devices/${device.id + 1000}/bacnet-points/count`)).statusCode).toBe(404);
  });

  it('lets a member read without pcs_admin, and needs pcs_admin for every change', async () => {
    t = await createTestApp();
    const { admin } = await adminWithController(t);
    const { viewer, ctl } = await viewerWithController(t, admin);
    const { reads, changes } = await routesOf(admin, ctl);
    for (const x of reads) expect((await call(viewer, x)).statusCode, `${x.method} ${x.url}`).toBe(200);
    for (const x of changes) expect((await call(viewer, x)).statusCode, `${x.method} ${x.url}`).toBe(403);
  });

  it('does not reach a device or point of another controller through a controller path', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    const other = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Other', description: '' }), 201).json<Controller>();
    const { device, point } = await routesOf(admin, other);
    const c = ctlUrl(ctl);
    const wrong: Call[] = [
      { method: 'GET', url: `${c}/bacnet-devices/${device.id}` }, { method: 'GET', url: `${c}/bacnet-devices/${device.id}/point-changes` },
      { method: 'POST', url: `${c}/bacnet-devices/${device.id}/reload-properties` }, { method: 'PUT', url: `${c}/bacnet-devices/${device.id}/ignored`, payload: { ignored: true } },
      { method: 'PATCH', url: `${c}/bacnet-devices`, payload: [{ id: device.id, name: 'x' }] }, { method: 'GET', url: `${c}/bacnet-points/${point?.id}` },
      { method: 'PATCH', url: `${c}/reporting-points/${point?.id}`, payload: { is_selected_for_reporting: true } },
      { method: 'GET', url: `${c}/services/Syrx.Services.ReportingService/messages` },
    ];
    for (const x of wrong) expect((await call(admin, x)).statusCode, `${x.method} ${x.url}`).toBe(404);
    expect((await admin.get(`${c}/bacnet-points`)).json()).toEqual([]);
    // An upload of one device cannot be fed or completed through another.
    const mine = await addDevice(admin, ctl, { mac_address: '10.2.0.5', instance_number: 5 });
    const { upload_id } = (await admin.post(`/api/bacnet-devices/${device.id}/bacnet-points/begin`, {})).json<{ upload_id: number }>();
    expect((await admin.post(`/api/bacnet-devices/${mine.id}/bacnet-points`, { upload_id, points: [] })).statusCode).toBe(404);
    expect((await admin.post(`/api/bacnet-devices/${mine.id}/bacnet-points/complete`, { upload_id })).statusCode).toBe(404);
  });
});
