import { afterEach, describe, expect, it } from 'vitest';
import { type GroupPermission, type GroupRole, groupPermissionCatalogue, roleMessages } from '@syrx/contracts/roles';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedGroupPermissions } from './group-roles.service.ts';
import { adminAndDana, createGroupRole, fieldsOf, put, registeredUser, signedInAdmin } from './testing/roles-test-helpers.ts';

let t: TestApp;
afterEach(async () => t?.close());

const describedAs = (...ids: string[]): GroupPermission[] =>
  ids.map((id) => ({ id, description: groupPermissionCatalogue.find((p) => p.id === id)?.description ?? '' }));
const page = (res: { json: () => unknown }) => res.json() as { items: GroupRole[]; total: number };

describe('group roles', () => {
  it('lists the seeded group permission catalogue to any signed-in user, seeded once however often the server starts', async () => {
    t = await createTestApp();
    await seedGroupPermissions(t.db);
    const dana = await registeredUser(t, 'dana@example.com', 'Reyes Mechanical');
    const list = expectStatus(await dana.client.get('/api/v2/group-permissions'), 200).json<GroupPermission[]>();
    expect(list).toEqual([...groupPermissionCatalogue].sort((a, b) => a.id.localeCompare(b.id)));
    expect(list.map((p) => p.id)).toContain('group_controllers_manage');
    expectStatus(await t.client().get('/api/v2/group-permissions'), 401);
  });

  it('creates, reads, edits and deletes a group role with its group permissions; a missing one is 404 everywhere', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const created = expectStatus(await admin.post('/api/v2/group-roles', {
      name: 'Data steward', description: 'Looks after the point data', group_permissions: ['group_data_view', { id: 'group_data_upload' }, 'group_data_view'],
    }), 201).json<GroupRole>();
    expect(created).toEqual({ id: expect.any(Number) as number, name: 'Data steward', description: 'Looks after the point data', group_permissions: describedAs('group_data_upload', 'group_data_view') });
    const url = `/api/v2/group-roles/${created.id}`;
    expect(expectStatus(await admin.get(url), 200).json()).toEqual(created);
    expect(expectStatus(await admin.get(`${url}/group-permissions`), 200).json()).toEqual(created.group_permissions);

    // Without group_permissions a PUT keeps them; with them it replaces them (what GET returned can be sent back).
    const renamed = expectStatus(await put(admin, url, { name: 'Data lead', description: 'Leads the data work' }), 200).json<GroupRole>();
    expect(renamed).toMatchObject({ name: 'Data lead', description: 'Leads the data work', group_permissions: created.group_permissions });
    expect(expectStatus(await put(admin, url, { ...renamed, group_permissions: describedAs('group_projects_manage') }), 200).json()).toMatchObject({ group_permissions: describedAs('group_projects_manage') });
    expect(expectStatus(await put(admin, `${url}/group-permissions`, ['group_users_manage', 'group_accounts_manage']), 200).json()).toEqual(describedAs('group_accounts_manage', 'group_users_manage'));
    expect(expectStatus(await put(admin, `${url}/group-permissions`, []), 200).json()).toEqual([]);

    expectStatus(await admin.delete(url), 204);
    for (const res of [await admin.get(url), await admin.get(`${url}/group-permissions`), await put(admin, url, { name: 'X', description: 'Y' }), await put(admin, `${url}/group-permissions`, []), await admin.delete(url), await admin.get(`${url}/users`)]) {
      expect(expectStatus(res, 404).json()).toEqual({ code: 'not_found', message: 'The group role was not found.' });
    }
  });

  it('requires name and description, takes only group permissions of the catalogue, and refuses a name in use with 409', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    expect(fieldsOf(await admin.post('/api/v2/group-roles', { name: '', description: ' ' }))).toEqual({ name: roleMessages.required, description: roleMessages.required });
    expect(fieldsOf(await admin.post('/api/v2/group-roles', {}))).toMatchObject({ name: expect.any(String) as string, description: expect.any(String) as string });
    expect(fieldsOf(await admin.post('/api/v2/group-roles', { name: 'A', description: 'B', group_permissions: ['group_data_view', 'pcs_admin'] })))
      .toEqual({ 'group_permissions.1': `${roleMessages.unknownGroupPermission}: pcs_admin` });
    const role = await createGroupRole(admin, 'Viewers', ['group_data_view']);
    expect(fieldsOf(await put(admin, `/api/v2/group-roles/${role.id}/group-permissions`, ['nope']))).toEqual({ 0: `${roleMessages.unknownGroupPermission}: nope` });
    expect(fieldsOf(await put(admin, `/api/v2/group-roles/${role.id}/group-permissions`, [{ name: 'x' }]))).toHaveProperty('0');
    expect(expectStatus(await admin.get(`/api/v2/group-roles/${role.id}`), 200).json()).toEqual(role);

    expect(expectStatus(await admin.post('/api/v2/group-roles', { name: 'VIEWERS', description: 'Again' }), 409).json()).toMatchObject({ message: roleMessages.groupRoleNameTaken('VIEWERS') });
    const other = await createGroupRole(admin, 'Uploaders', ['group_data_upload']);
    expectStatus(await put(admin, `/api/v2/group-roles/${other.id}`, { name: 'viewers', description: 'x' }), 409);
    expectStatus(await put(admin, `/api/v2/group-roles/${role.id}`, { name: 'Viewers', description: 'Still the viewers' }), 200);
    expectStatus(await admin.get('/api/v2/group-roles/x'), 400);
  });

  it('pages, sorts and filters the grid, for roles_manage only', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    await createGroupRole(admin, 'Controller managers', ['group_controllers_manage'], 'Manage the controllers');
    await createGroupRole(admin, 'Data viewers', ['group_data_view'], 'See the data');
    await createGroupRole(admin, 'Account managers', ['group_accounts_manage'], 'Manage the accounts');
    const names = async (q: string) => page(expectStatus(await admin.get(`/api/v2/group-roles?${q}`), 200)).items.map((r) => r.name);
    expect(await names('')).toEqual(['Account managers', 'Controller managers', 'Data viewers']);
    expect(page(await admin.get('/api/v2/group-roles?pageSize=1&pageNum=3'))).toMatchObject({ total: 3, items: [{ name: 'Data viewers', group_permissions: describedAs('group_data_view') }] });
    expect(await names('sort=description:desc')).toEqual(['Data viewers', 'Controller managers', 'Account managers']);
    expect(await names('filter[0][field]=description&filter[0][field_type]=string&filter[0][operator]=startswith&filter[0][value]=manage')).toEqual(['Account managers', 'Controller managers']);
    expect(fieldsOf(await admin.get('/api/v2/group-roles?sort=group_permissions:asc'))).toHaveProperty('sort');
    expect(fieldsOf(await admin.get('/api/v2/group-roles?filter[0][field]=name&filter[0][field_type]=number&filter[0][operator]=eq&filter[0][value]=1'))).toHaveProperty(['filter.0.field_type']);

    const dana = await registeredUser(t, 'dana@example.com', 'Reyes Mechanical');
    expectStatus(await dana.client.get('/api/v2/group-roles'), 403);
    expectStatus(await dana.client.post('/api/v2/group-roles', { name: 'Mine', description: 'Mine' }), 403);
  });

  it('gives a group role to a user in a group they see, lists its holders in the groups the reader sees, and takes it', async () => {
    t = await createTestApp();
    const { admin, dana } = await adminAndDana(t);
    const role = await createGroupRole(admin, 'Controller managers', ['group_controllers_manage']);
    const users = `/api/v2/group-roles/${role.id}/users`;

    const holders = expectStatus(await admin.post(users, { username: 'Dana@Example.com', group_id: dana.groupId }), 200).json<unknown>();
    expect(holders).toEqual([{ user_id: dana.id, username: 'dana@example.com', group_id: dana.groupId, group_name: 'Reyes Mechanical' }]);
    expect(expectStatus(await admin.get(users), 200).json()).toEqual(holders);

    // Dana does not see the root group (the administrator's): a group role there would grant her nothing.
    expect(fieldsOf(await admin.post(users, { username: 'dana@example.com', group_id: 1 }))).toEqual({ group_id: roleMessages.groupNotVisibleToUser });
    expect(fieldsOf(await admin.post(users, { username: 'ghost@example.com', group_id: dana.groupId }))).toEqual({ username: roleMessages.userNotFound });
    expectStatus(await admin.post(users, { username: 'dana@example.com', group_id: 999999 }), 404);
    expect(fieldsOf(await admin.post(users, { username: 'dana@example.com' }))).toHaveProperty('group_id');

    expectStatus(await admin.delete(`${users}/${dana.id}/groups/${dana.groupId}`), 204);
    expect(expectStatus(await admin.get(users), 200).json()).toEqual([]);
    expectStatus(await admin.delete(`${users}/${dana.id}/groups/x`), 400);
    expectStatus(await dana.client.get(users), 403);
  });
});
