import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { clientEvents } from '@syrx/contracts/realtime';
import { type Role, roleMessages } from '@syrx/contracts/roles';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminAndDana, createRole, fieldsOf, permissionsOf, put, registeredUser, signedInAdmin } from './testing/roles-test-helpers.ts';

let t: TestApp;
afterEach(async () => t?.close());

const page = (res: { json: () => unknown }) => res.json() as { items: Role[]; total: number };
const filter = (field: string, type: string, op: string, value: string, i = 0) =>
  `filter[${i}][field]=${field}&filter[${i}][field_type]=${type}&filter[${i}][operator]=${op}&filter[${i}][value]=${encodeURIComponent(value)}`;

describe('roles', () => {
  it('creates, reads, renames, re-permissions and deletes a role; a missing one is 404 everywhere', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const role = await createRole(admin, 'Commissioning lead', ['projects_manage', 'equipment_manage', 'projects_manage']);
    expect(role).toEqual({ id: expect.any(Number) as number, name: 'Commissioning lead', permissions: ['equipment_manage', 'projects_manage'], built_in: false });
    const url = `/api/v2/roles/${role.id}`;
    expect(expectStatus(await admin.get(url), 200).json()).toEqual(role);
    expect(expectStatus(await admin.get(`${url}/permissions`), 200).json()).toEqual(['equipment_manage', 'projects_manage']);

    // A PUT without permissions keeps them; the permissions call replaces them.
    expect(expectStatus(await put(admin, url, { name: ' Commissioning manager ' }), 200).json()).toMatchObject({ name: 'Commissioning manager', permissions: ['equipment_manage', 'projects_manage'] });
    expect(expectStatus(await put(admin, url, { name: 'Commissioning manager', permissions: ['tasks_manage'] }), 200).json()).toMatchObject({ permissions: ['tasks_manage'] });
    expect(expectStatus(await put(admin, `${url}/permissions`, ['issues_manage', 'audit_log_view']), 200).json()).toEqual(['audit_log_view', 'issues_manage']);
    expect(expectStatus(await put(admin, `${url}/permissions`, []), 200).json()).toEqual([]);

    expectStatus(await admin.delete(url), 204);
    for (const res of [await admin.get(url), await admin.get(`${url}/permissions`), await put(admin, url, { name: 'Again' }), await put(admin, `${url}/permissions`, []), await admin.delete(url), await admin.get(`${url}/users`)]) {
      expect(expectStatus(res, 404).json()).toEqual({ code: 'not_found', message: 'The role was not found.' });
    }
  });

  it('requires a name, takes only permission names of the catalogue, and refuses a name in use with 409', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    expect(fieldsOf(await admin.post('/api/v2/roles', { name: '   ' }))).toEqual({ name: roleMessages.required });
    expect(fieldsOf(await admin.post('/api/v2/roles', { permissions: [] }))).toHaveProperty('name');
    expect(fieldsOf(await admin.post('/api/v2/roles', { name: 'Rockets', permissions: ['pcs_admin', 'launch_rockets'] }))).toEqual({ 'permissions.1': roleMessages.unknownPermission });
    expect(fieldsOf(await admin.post('/api/v2/roles', { name: 'Rockets', permissions: 'pcs_admin' }))).toHaveProperty('permissions');

    const viewer = await createRole(admin, 'Viewer', ['group_data_view']);
    expect(fieldsOf(await put(admin, `/api/v2/roles/${viewer.id}/permissions`, ['group_data_view', 42]))).toHaveProperty('1');
    expect(fieldsOf(await put(admin, `/api/v2/roles/${viewer.id}/permissions`, ['nope']))).toEqual({ 0: roleMessages.unknownPermission });

    const taken = await admin.post('/api/v2/roles', { name: 'viewer', permissions: [] });
    expect(expectStatus(taken, 409).json()).toEqual({ code: 'conflict', message: roleMessages.roleNameTaken('viewer'), fields: [{ field: 'name', message: roleMessages.roleNameTaken('viewer') }] });
    const other = await createRole(admin, 'Uploader', ['group_data_upload']);
    expectStatus(await put(admin, `/api/v2/roles/${other.id}`, { name: 'VIEWER' }), 409);
    expectStatus(await put(admin, `/api/v2/roles/${viewer.id}`, { name: 'Viewer' }), 200);

    for (const id of ['abc', '0', '99999999999', '1.5']) expectStatus(await admin.get(`/api/v2/roles/${id}`), 400);
    expectStatus(await admin.request({ method: 'POST', url: '/api/v2/roles', payload: 'not json', headers: { 'content-type': 'application/json' } }), 400);
  });

  it('keeps the built-in roles as the server restores them', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const builtIn = page(await admin.get(`/api/v2/roles?${filter('name', 'string', 'contains', 'administrator')}`)).items;
    expect(builtIn.map((r) => [r.name, r.built_in])).toEqual([['Administrator', true], ['Organization administrator', true]]);
    const [administrator] = builtIn as [Role];
    const refused = await put(admin, `/api/v2/roles/${administrator.id}`, { name: 'Boss' });
    expect(expectStatus(refused, 400).json()).toMatchObject({ message: roleMessages.builtInRole('Administrator') });
    expectStatus(await put(admin, `/api/v2/roles/${administrator.id}/permissions`, []), 400);
    expectStatus(await admin.delete(`/api/v2/roles/${administrator.id}`), 400);
    expect((await admin.get(`/api/v2/roles/${administrator.id}`)).json<Role>().permissions).toContain('roles_manage');
  });

  it('pages, sorts and filters the grid', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    for (const [name, permissions] of [['Auditor', ['audit_log_view']], ['Data uploader', ['group_data_upload']], ['Controls', ['pcs_admin', 'audit_log_view']]] as const) {
      await createRole(admin, name, [...permissions]);
    }
    const names = async (q: string) => page(expectStatus(await admin.get(`/api/v2/roles?${q}`), 200)).items.map((r) => r.name);
    expect(await names('')).toEqual(['Administrator', 'Auditor', 'Controls', 'Data uploader', 'Organization administrator']);
    expect(page(await admin.get('/api/v2/roles?pageSize=2&pageNum=2'))).toMatchObject({ total: 5, items: [{ name: 'Controls' }, { name: 'Data uploader' }] });
    expect(await names('sort=name:desc&pageSize=2')).toEqual(['Organization administrator', 'Data uploader']);
    expect(await names('sort[0][field]=id&sort[0][dir]=desc&pageSize=1')).toEqual(['Controls']);
    expect(await names(filter('name', 'string', 'startswith', 'a'))).toEqual(['Administrator', 'Auditor']);
    // Every role that holds audit_log_view (the built-in Administrator holds every permission).
    expect(await names(`${filter('permissions', 'string', 'contains', 'audit_log_view')}&${filter('id', 'number', 'gt', '2', 1)}`)).toEqual(['Auditor', 'Controls']);
    expect(page(await admin.get(`/api/v2/roles?${filter('name', 'string', 'eq', 'nobody')}`))).toEqual({ items: [], total: 0 });

    expect(fieldsOf(await admin.get('/api/v2/roles?sort=permissions:asc'))).toHaveProperty('sort');
    expect(fieldsOf(await admin.get(`/api/v2/roles?${filter('secret', 'string', 'eq', 'x')}`))).toHaveProperty(['filter.0.field']);
    expect(fieldsOf(await admin.get(`/api/v2/roles?${filter('id', 'number', 'eq', 'one')}`))).toHaveProperty(['filter.0.value']);
    for (const q of ['pageSize=1000', 'pageNum=0', 'pageNum=x', `pageNum=${Number.MAX_SAFE_INTEGER}`]) expectStatus(await admin.get(`/api/v2/roles?${q}`), 400);
  });

  it('needs roles_manage (403) and a session (401)', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const role = await createRole(admin, 'Auditor', ['audit_log_view']);
    const { client: dana } = await registeredUser(t, 'dana@example.com', 'Reyes Mechanical');
    const anonymous = t.client();
    await anonymous.get('/api/Login'); // the XSRF cookie a page would hold, so the session check answers
    const calls = [
      (c: typeof dana) => c.get('/api/v2/roles'),
      (c: typeof dana) => c.post('/api/v2/roles', { name: 'Mine', permissions: ['roles_manage'] }),
      (c: typeof dana) => c.get(`/api/v2/roles/${role.id}`),
      (c: typeof dana) => put(c, `/api/v2/roles/${role.id}/permissions`, ['pcs_admin']),
      (c: typeof dana) => c.delete(`/api/v2/roles/${role.id}`),
      (c: typeof dana) => c.post(`/api/v2/roles/${role.id}/users`, { username: 'dana@example.com' }),
    ];
    for (const call of calls) {
      expect((await call(dana)).statusCode).toBe(403);
      expect((await call(anonymous)).statusCode).toBe(401);
    }
    expect(await permissionsOf(dana)).not.toContain('audit_log_view');
  });

  it('gives and takes a role by username, and the session and the guards follow at once', async () => {
    t = await createTestApp();
    const { admin, dana } = await adminAndDana(t);
    const auditor = await createRole(admin, 'Auditor', ['audit_log_view']);
    const users = `/api/v2/roles/${auditor.id}/users`;
    expectStatus(await dana.client.get('/api/v2/audit-log'), 403);

    const added = expectStatus(await admin.post(users, { username: ' DANA@example.com ' }), 200).json<unknown>();
    expect(added).toEqual([{ id: dana.id, username: 'dana@example.com', first_name: 'Dana', last_name: 'Reyes' }]);
    expectStatus(await admin.post(users, { username: 'dana@example.com' }), 200); // again: no change
    expect(expectStatus(await admin.get(users), 200).json()).toEqual(added);
    expect(await permissionsOf(dana.client)).toContain('audit_log_view');
    expectStatus(await dana.client.get('/api/v2/audit-log'), 200);

    // Changing the role's permissions, taking the role and deleting the role each apply to the next request.
    expectStatus(await put(admin, `/api/v2/roles/${auditor.id}/permissions`, []), 200);
    expect(await permissionsOf(dana.client)).not.toContain('audit_log_view');
    expectStatus(await dana.client.get('/api/v2/audit-log'), 403);
    expectStatus(await put(admin, `/api/v2/roles/${auditor.id}/permissions`, ['audit_log_view']), 200);
    expectStatus(await dana.client.get('/api/v2/audit-log'), 200);
    expectStatus(await admin.delete(`${users}/${dana.id}`), 204);
    expect(expectStatus(await admin.get(users), 200).json()).toEqual([]);
    expectStatus(await dana.client.get('/api/v2/audit-log'), 403);
    expectStatus(await admin.post(users, { username: 'dana@example.com' }), 200);
    expectStatus(await admin.delete(`/api/v2/roles/${auditor.id}`), 204);
    expectStatus(await dana.client.get('/api/v2/audit-log'), 403);
    expect(await permissionsOf(dana.client)).not.toContain('audit_log_view');

    const other = await createRole(admin, 'Other', []);
    expect(fieldsOf(await admin.post(`/api/v2/roles/${other.id}/users`, { username: 'nobody@example.com' }))).toEqual({ username: roleMessages.userNotFound });
    expect(fieldsOf(await admin.post(`/api/v2/roles/${other.id}/users`, { username: '' }))).toEqual({ username: roleMessages.required });
    expectStatus(await admin.delete(`/api/v2/roles/${other.id}/users/abc`), 400);
  });

  it('keeps at least one holder of the Administrator role', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const [administrator] = page(await admin.get(`/api/v2/roles?${filter('name', 'string', 'eq', 'Administrator')}`)).items as [Role];
    const refused = await admin.delete(`/api/v2/roles/${administrator.id}/users/1`);
    expect(expectStatus(refused, 400).json()).toMatchObject({ message: roleMessages.lastAdministrator });
    expect(await permissionsOf(admin)).toContain('roles_manage');

    const dana = await registeredUser(t, 'dana@example.com', 'Reyes Mechanical');
    expectStatus(await admin.post(`/api/v2/roles/${administrator.id}/users`, { username: 'dana@example.com' }), 200);
    expectStatus(await admin.delete(`/api/v2/roles/${administrator.id}/users/1`), 204);
    expect(await permissionsOf(admin)).not.toContain('roles_manage');
    expectStatus(await dana.client.get('/api/v2/roles'), 200);
  });

  it('re-reads the permissions of a browser socket when it joins a controller', async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const admin = await signedInAdmin(t);
    const ctl = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Root plant', description: '' }), 201).json<{ id: string }>();
    const dana = await registeredUser(t, 'dana@example.com', 'Reyes Mechanical');
    const cookie = [...dana.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('connect_error', reject));
      const join = () => socket.timeout(5000).emitWithAck(clientEvents.connect, { syrxControllerId: ctl.id }) as Promise<unknown>;
      expect(await join()).toEqual({ error: 'The Syrx controller was not found.' });
      // Seeing every group arrives with a role while the socket stays open.
      const everyGroup = await createRole(admin, 'Every group', ['groups_allow_all']);
      expectStatus(await admin.post(`/api/v2/roles/${everyGroup.id}/users`, { username: dana.username }), 200);
      expect(await join()).toEqual({ connected: false });
      expectStatus(await admin.delete(`/api/v2/roles/${everyGroup.id}/users/${dana.id}`), 204);
      expect(await join()).toEqual({ error: 'The Syrx controller was not found.' });
    } finally {
      socket.disconnect();
    }
  });
});
