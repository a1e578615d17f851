import { afterEach, describe, expect, it, vi } from 'vitest';
import { createControllersService } from './controllers.service.ts';
import { createGroupsService } from '../groups/groups.service.ts';
import { DomainEvents } from '../../lib/domain-events.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
afterEach(async () => t?.close());

type Controller = { id: string; group_id: number; group_name: string; name: string; description: string; password?: string };
const put = (c: TestClient, url: string, payload: unknown) => c.request({ method: 'PUT', url, payload: payload as object });

async function adminWithController(name = 'AHU controller'): Promise<{ admin: TestClient; ctl: Controller }> {
  const admin = t.client();
  await admin.signIn();
  const res = await admin.post('/api/SyrxControllers', { name, description: 'Roof' });
  expect(res.statusCode).toBe(201);
  return { admin, ctl: res.json<Controller>() };
}

describe('controllers', () => {
  it('creates a controller in the current group and shows its password once', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController();
    expect(ctl).toMatchObject({ name: 'AHU controller', description: 'Roof', group_name: 'Root' });
    expect(ctl.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctl.password?.length).toBeGreaterThan(15);
    const one = (await admin.get(`/api/SyrxControllers/${ctl.id}`)).json<Controller>();
    expect(one.password).toBeUndefined();
    const list = (await admin.get('/api/SyrxControllers')).json<Controller[]>();
    expect(list.map((c) => c.id)).toEqual([ctl.id]);
    expect(list[0]?.password).toBeUndefined();
    const services = (await admin.get(`/api/SyrxControllers/${ctl.id}/enabled-services`)).json<{ service_id: string; assigned_version: string }[]>();
    // Ready for a building from the start: the updater, network query, reporting and diagnostics at the built-in range.
    expect(services.map((s) => [s.service_id, s.assigned_version]).sort()).toEqual([
      ['Syrx.Services.BacnetNetworkQueryService', '>=1.0.0 <2.0.0-0'],
      ['Syrx.Services.DiagnosticService', '>=1.0.0 <2.0.0-0'],
      ['Syrx.Services.ReportingService', '>=1.0.0 <2.0.0-0'],
      ['Syrx.UpdaterService', '>=1.0.0 <2.0.0-0'],
    ]);
  });

  it('pages, sorts and counts the list as the grid asks', async () => {
    t = await createTestApp();
    const { admin } = await adminWithController('bravo');
    await admin.post('/api/SyrxControllers', { name: 'alpha', description: '' });
    await admin.post('/api/SyrxControllers', { name: 'Charlie', description: '' });
    const desc = (await admin.get('/api/SyrxControllers?sort[0][field]=name&sort[0][dir]=desc')).json<Controller[]>();
    expect(desc.map((c) => c.name)).toEqual(['Charlie', 'bravo', 'alpha']);
    const page2 = (await admin.get('/api/SyrxControllers?sort=name:asc&skip=1&take=1')).json<Controller[]>();
    expect(page2.map((c) => c.name)).toEqual(['bravo']);
    const byPage = (await admin.get('/api/SyrxControllers?sort=name&page=2&pageSize=2')).json<Controller[]>();
    expect(byPage.map((c) => c.name)).toEqual(['Charlie']);
    expect((await admin.get('/api/SyrxControllers/count')).json()).toEqual({ count: 3 });
    expect((await admin.get('/api/SyrxControllers?sort=secret_hash')).statusCode).toBe(400);
    expect((await admin.get('/api/SyrxControllers?take=-1')).statusCode).toBe(400);
  });

  it('validates the BACnet connection and keeps BBMD servers with their defaults', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController();
    const url = `/api/SyrxControllers/${ctl.id}`;
    expect((await admin.get(`${url}/bacnet-connection-configuration`)).json()).toBeNull();
    const badIp = await put(admin, `${url}/bacnet-connection-configuration`, { ip_address: '300.1.1.1' });
    expect(badIp.statusCode).toBe(400);
    expect(badIp.json()).toMatchObject({ fields: [{ field: 'ip_address' }] });
    expect((await put(admin, `${url}/bacnet-connection-configuration`, { ip_address: '10.0.0.5', port_num: 70000 })).statusCode).toBe(400);
    const ok = await put(admin, `${url}/bacnet-connection-configuration`, { ip_address: '10.0.0.5' });
    expect(ok.json()).toEqual({ syrx_controller_id: ctl.id, ip_address: '10.0.0.5', port_num: 47808, apdu_timeout_ms: 3000, apdu_retries: 3 });
    // The network's APDU timing (issue 22): checked, named when wrong, and what the agent's configuration carries.
    const badTimeout = await put(admin, `${url}/bacnet-connection-configuration`, { ip_address: '10.0.0.5', apdu_timeout_ms: 50 });
    expect(badTimeout.statusCode).toBe(400);
    expect(badTimeout.json()).toMatchObject({ fields: [{ field: 'apdu_timeout_ms' }] });
    expect((await put(admin, `${url}/bacnet-connection-configuration`, { ip_address: '10.0.0.5', apdu_retries: 11 })).json()).toMatchObject({ fields: [{ field: 'apdu_retries' }] });
    const timed = await put(admin, `${url}/bacnet-connection-configuration`, { ip_address: '10.0.0.5', apdu_timeout_ms: 6000, apdu_retries: 1 });
    expect(timed.json()).toMatchObject({ apdu_timeout_ms: 6000, apdu_retries: 1 });
    expect((await admin.get(`${url}/bacnet-connection-configuration`)).json()).toMatchObject({ apdu_timeout_ms: 6000, apdu_retries: 1 });
    expect((await put(admin, `${url}/bacnet-connection-configuration`, { ip_address: '10.0.0.5' })).statusCode).toBe(200);

    const bbmd = await put(admin, `${url}/bacnet-connection-bbmd-servers`, [
      { ip_address: '10.0.1.1' },
      { ip_address: '10.0.2.1', ip_mask: '255.255.255.0', port_num: 47809 },
    ]);
    expect(bbmd.statusCode).toBe(200);
    expect((await admin.get(`${url}/bacnet-connection-bbmd-servers`)).json()).toEqual([
      { syrx_controller_id: ctl.id, ip_address: '10.0.1.1', ip_mask: '255.255.255.255', port_num: 47808 },
      { syrx_controller_id: ctl.id, ip_address: '10.0.2.1', ip_mask: '255.255.255.0', port_num: 47809 },
    ]);
    expect((await put(admin, `${url}/bacnet-connection-bbmd-servers`, [{ ip_address: 'x' }])).statusCode).toBe(400);

    expect((await admin.delete(`${url}/bacnet-connection-configuration`)).statusCode).toBe(204);
    expect((await admin.get(`${url}/bacnet-connection-configuration`)).json()).toBeNull();
    expect((await admin.get(`${url}/bacnet-connection-bbmd-servers`)).json()).toEqual([]);
  });

  it('replaces enabled services, normalising ranges and keeping the updater', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController();
    const url = `/api/SyrxControllers/${ctl.id}/enabled-services`;
    const noUpdater = await put(admin, url, [{ service_id: 'Syrx.Services.ReportingService', assigned_version: '1.0.0' }]);
    expect(noUpdater.statusCode).toBe(400);
    expect(noUpdater.json<{ message: string }>().message).toBe('Syrx.UpdaterService cannot be disabled.');
    const badRange = await put(admin, url, [{ service_id: 'Syrx.UpdaterService', assigned_version: 'banana' }]);
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json<{ fields: { message: string }[] }>().fields[0]?.message).toBe('Not a valid semver range');
    expect((await put(admin, url, [{ service_id: 'Syrx.UpdaterService', assigned_version: '' }])).json<{ fields: { message: string }[] }>().fields[0]?.message).toBe('Required');
    expect((await put(admin, url, [{ service_id: 'Nope.Service', assigned_version: '1' }])).statusCode).toBe(400);

    const ok = await put(admin, url, [
      { service_id: 'Syrx.UpdaterService', assigned_version: '^1.2' },
      { service_id: 'Syrx.ReportingService', assigned_version: '2.x' },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual([
      { syrx_controller_id: ctl.id, service_id: 'Syrx.Services.ReportingService', assigned_version: '>=2.0.0 <3.0.0-0', reported_version: null, last_contact: null, diagnostics: null, rollout: null },
      { syrx_controller_id: ctl.id, service_id: 'Syrx.UpdaterService', assigned_version: '>=1.2.0 <2.0.0-0', reported_version: null, last_contact: null, diagnostics: null, rollout: null },
    ]);
    expect((await admin.get(`${url}/Syrx.ReportingService`)).json()).toMatchObject({ service_id: 'Syrx.Services.ReportingService' });
    expect((await admin.get(`${url}/Syrx.Services.DiagnosticService`)).statusCode).toBe(404);
    expect((await admin.get(`/api/SyrxControllers/${ctl.id}/critical-systemd-service-statuses`)).statusCode).toBe(404);
    const types = (await admin.get('/api/v2/syrx-controller-service-types')).json<{ id: string }[]>();
    expect(types.map((s) => s.id)).toContain('Syrx.Services.BuildingPressureControlService');
  });

  it('hides every controller route from another group and refuses changes without pcs_admin', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController();
    const other = t.client();
    const { user } = await registerAndSignIn(other, t.db);
    const url = `/api/SyrxControllers/${ctl.id}`;
    for (const path of ['', '/bacnet-connection-configuration', '/bacnet-connection-bbmd-servers', '/enabled-services', '/enabled-services/Syrx.UpdaterService', '/critical-systemd-service-statuses']) {
      expect((await other.get(`${url}${path}`)).statusCode, path).toBe(404);
    }
    expect((await put(other, url, { name: 'x', description: '' })).statusCode).toBe(403);
    expect((await other.delete(url)).statusCode).toBe(403);
    expect((await other.get('/api/SyrxControllers')).statusCode).toBe(403);
    expect((await other.get(`/api/SyrxControllers?root_group_id=${ctl.group_id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/SyrxControllers?root_group_id=${user.commissioning_group.id}`)).json()).toEqual([]);
    expect((await other.post('/api/SyrxControllers', { name: 'mine' })).statusCode).toBe(403);
    expect((await other.get('/api/SyrxControllers/not-a-uuid')).statusCode).toBe(400);
    expect((await t.client().get(url)).statusCode).toBe(401);

    // The administrator still sees it; deleting it makes it gone for everyone.
    expect((await admin.delete(url)).statusCode).toBe(204);
    expect((await admin.get(url)).statusCode).toBe(404);
  });

  it("reads a group's controllers and their count in one statement that carries the group's gate", async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController();
    const other = t.client();
    const { user } = await registerAndSignIn(other, t.db);
    // Every statement goes through the pool's query (drizzle and the prepared-statement wrapper call it).
    const pool = t.pool as unknown as { query: (config: unknown, ...rest: unknown[]) => unknown };
    const spy = vi.spyOn(pool, 'query');
    const sent = async (client: TestClient, url: string) => {
      spy.mockClear();
      const r = await client.get(url);
      const texts = spy.mock.calls.map(([config]) => (typeof config === 'string' ? config : (config as { text: string }).text));
      // The gate asked alone (groupsRepo.isVisible), and the reads of controllers.
      return { r, alone: texts.filter((x) => x.startsWith('select 1 where exists')).length, reads: texts.filter((x) => x.includes('from "syrx_controllers"')).length };
    };
    const group = ctl.group_id;

    // A page or a count with an answer: one read, no separate check.
    const page = await sent(admin, `/api/SyrxControllers?root_group_id=${group}`);
    expect(page.r.json<Controller[]>().map((c) => c.id)).toEqual([ctl.id]);
    expect([page.alone, page.reads]).toEqual([0, 1]);
    const count = await sent(admin, `/api/SyrxControllers/count?root_group_id=${group}`);
    expect(count.r.json()).toEqual({ count: 1 });
    expect([count.alone, count.reads]).toEqual([0, 1]);

    // An empty answer asks the gate alone: a group the caller sees with nothing in it is empty, one they do not see
    // (or that does not exist) is a 404, for the page and the count alike.
    const own = user.commissioning_group.id;
    for (const [client, id, status, body] of [[other, own, 200, []], [other, group, 404, null], [admin, 987654, 404, null]] as const) {
      const empty = await sent(client, `/api/SyrxControllers?root_group_id=${id}`);
      expect([empty.r.statusCode, empty.alone]).toEqual([status, 1]);
      if (body) expect(empty.r.json()).toEqual(body);
      else expect(empty.r.json<{ message: string }>().message).toMatch(/group/i);
      const n = await sent(client, `/api/SyrxControllers/count?root_group_id=${id}`);
      expect([n.r.statusCode, n.alone]).toEqual([status, 1]);
      if (body) expect(n.r.json()).toEqual({ count: 0 });
    }
    spy.mockRestore();
  });

  it('claims a provisioned controller into the current group with its id and password', async () => {
    t = await createTestApp();
    const service = createControllersService(t.db, createGroupsService(t.db), new DomainEvents());
    const [label] = await service.provision(1);
    if (!label) throw new Error('nothing provisioned');
    const user = t.client();
    const { user: me } = await registerAndSignIn(user, t.db);
    const reg = (id: string, password: string) => user.request({ method: 'PATCH', url: `/api/BacnetControllers/${id}/register`, payload: { syrx_controller_id: id, password } });

    const wrong = await reg(label.id, 'wrong');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toBe('Error with Syrx Controller ID or Password');
    const unknown = await reg('3f2504e0-4f89-41d3-9a0c-0305e82c3301', label.password);
    expect(unknown.json<{ message: string }>().message).toBe('Error with Syrx Controller ID or Password');
    expect((await reg('not-a-uuid', 'x')).json<{ fields: { message: string }[] }>().fields[0]?.message).toBe('Controller ID entered is not a valid UUID');

    const ok = await reg(label.id.toUpperCase(), label.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: label.id, group_id: me.commissioning_group.id, group_name: 'Reyes Mechanical' });
    expect((await reg(label.id, label.password)).statusCode).toBe(400);
  });
});
