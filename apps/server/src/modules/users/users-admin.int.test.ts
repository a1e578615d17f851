import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '@syrx/contracts/jobs';
import { roleMessages } from '@syrx/contracts/roles';
import { type UserDetail, type UserSummary, userMessages } from '@syrx/contracts/users';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { grant } from '../../test/operations-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createGroupRole, createRole, fieldsOf, put, signedInAdmin } from '../../test/admin-helpers.ts';
import { invite, invitedAndSignedIn, subgroup } from './testing/users-fixtures.ts';

let t: TestApp;
afterEach(async () => t?.close());

const page = (res: { json: () => unknown }) => res.json() as Page<UserSummary>;
const emails = (p: Page<UserSummary>) => p.items.map((u) => u.email ?? u.username);

describe('the users grid', () => {
  it('pages, sorts and filters the users; 400 naming a bad filter or sort; 403 without users_manage', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const east = await subgroup(t.db, 'East');
    const auditors = await createRole(admin, 'Auditors', ['audit_log_view']);
    await invite(admin, { email: 'bea@example.com', first_name: 'Bea', last_name: 'Zorn', group_ids: [east], role_ids: [auditors.id] });
    await invite(admin, { email: 'cal@example.com', first_name: 'Cal', last_name: 'Young', group_ids: [east] });
    await invite(admin, { email: 'abe@example.com', first_name: 'Abe', last_name: 'Xu', group_ids: [east] });

    const all = page(expectStatus(await admin.get('/api/v2/users'), 200));
    expect(all.total).toBe(4);
    expect(emails(all)).toEqual(['abe@example.com', 'admin', 'bea@example.com', 'cal@example.com']);
    expect(all.items[2]).toMatchObject({ status: 'invited', groups: [{ id: east, name: 'East' }], roles: [{ id: auditors.id, name: 'Auditors' }] });
    expect(emails(page(await admin.get('/api/v2/users?sort=email:desc&pageSize=2&pageNum=1')))).toEqual(['cal@example.com', 'bea@example.com']);
    expect(page(await admin.get('/api/v2/users?sort=email:desc&pageSize=2&pageNum=2')).total).toBe(4);
    const filtered = (field: string, type: string, operator: string, value: string) =>
      admin.get(`/api/v2/users?filter[0][field]=${field}&filter[0][field_type]=${type}&filter[0][operator]=${operator}&filter[0][value]=${encodeURIComponent(value)}`);
    expect(emails(page(await filtered('roles', 'string', 'contains', 'audit')))).toEqual(['bea@example.com']);
    expect(emails(page(await filtered('name', 'string', 'contains', 'cal y')))).toEqual(['cal@example.com']);
    expect(emails(page(await filtered('status', 'string', 'eq', 'active')))).toEqual(['admin']);
    expect(page(await filtered('groups', 'string', 'eq', 'East')).total).toBe(3);
    expect(page(await filtered('last_sign_in_at', 'date', 'isnotnull', '')).total).toBe(1);
    expect(fieldsOf(await filtered('password_hash', 'string', 'eq', 'x'))).toHaveProperty('filter.0.field');
    expect(fieldsOf(await admin.get('/api/v2/users?sort=password_hash'))).toHaveProperty('sort');
    expect(fieldsOf(await admin.get('/api/v2/users?pageSize=0'))).toHaveProperty('pageSize');

    const { client: bea } = await invitedAndSignedIn(t, admin, { email: 'dee@example.com', group_ids: [east] });
    expectStatus(await bea.get('/api/v2/users'), 403);
    expectStatus(await bea.get('/api/v2/users/1'), 403);
    expectStatus(await bea.post('/api/v2/users/1/deactivate'), 403);
  });

  it("shows a manager only the users of their groups, invites only into them, and keeps the other groups' memberships", async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const east = await subgroup(t.db, 'East');
    const eastLab = await subgroup(t.db, 'East lab', east);
    const west = await subgroup(t.db, 'West');
    const viewers = await createRole(admin, 'Viewers', ['group_data_view']);
    const controls = await createRole(admin, 'Controls', ['pcs_admin']);
    const { client: manager } = await invitedAndSignedIn(t, admin, { email: 'manager@example.com', group_ids: [east] });
    await grant(t.db, 'manager@example.com', 'User managers', ['users_manage', 'group_data_view']);
    const both = await invite(admin, { email: 'both@example.com', first_name: 'Ann', group_ids: [eastLab, west] });
    const westOnly = await invite(admin, { email: 'west@example.com', group_ids: [west] });

    expect(emails(page(expectStatus(await manager.get('/api/v2/users'), 200)))).toEqual(['both@example.com', 'manager@example.com']);
    // Another group's names are not shown to the manager.
    expect(expectStatus(await manager.get(`/api/v2/users/${both.id}`), 200).json<UserDetail>().groups).toEqual([{ id: eastLab, name: 'East lab' }]);
    expectStatus(await manager.get(`/api/v2/users/${westOnly.id}`), 404);
    expectStatus(await manager.post(`/api/v2/users/${westOnly.id}/deactivate`), 404);
    expectStatus(await put(manager, `/api/v2/users/${westOnly.id}`, { first_name: 'W', last_name: 'O', group_ids: [east] }), 404);
    expect(fieldsOf(await manager.post('/api/v2/users', { email: 'new@example.com', first_name: 'N', last_name: 'U', group_ids: [west] }))).toEqual({ 'group_ids.0': userMessages.unknownGroup });
    // Only roles whose permissions the manager holds; nobody is invited when one is refused.
    const refused = expectStatus(await manager.post('/api/v2/users', { email: 'new@example.com', first_name: 'N', last_name: 'U', group_ids: [east], role_ids: [controls.id] }), 403);
    expect(refused.json<{ message: string }>().message).toContain('"Controls"');
    expect(page(await admin.get('/api/v2/users?filter[0][field]=email&filter[0][field_type]=string&filter[0][operator]=eq&filter[0][value]=new@example.com')).total).toBe(0);
    await invite(manager, { email: 'new@example.com', group_ids: [eastLab], role_ids: [viewers.id] });

    // Moving "both" from East lab to East: the West membership, which the manager does not see, stays.
    const moved = expectStatus(await put(manager, `/api/v2/users/${both.id}`, { first_name: 'Bo', last_name: 'Th', group_ids: [east] }), 200).json<UserDetail>();
    expect(moved).toMatchObject({ first_name: 'Bo', last_name: 'Th', groups: [{ id: east, name: 'East' }] });
    expect(expectStatus(await admin.get(`/api/v2/users/${both.id}`), 200).json<UserDetail>().groups.map((g) => g.name)).toEqual(['East', 'West']);
  });
});

describe('editing a user', () => {
  it('sets names, groups, roles and group roles; a group the user leaves takes its group roles with it', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const east = await subgroup(t.db, 'East');
    const west = await subgroup(t.db, 'West');
    const viewers = await createRole(admin, 'Viewers', ['group_data_view']);
    const managers = await createGroupRole(admin, 'Controller managers', ['group_controllers_manage']);
    const { client: lee, user } = await invitedAndSignedIn(t, admin, { email: 'lee@example.com', group_ids: [east] });
    const url = `/api/v2/users/${user.id}`;

    const body = { first_name: 'Lee', last_name: 'Park-Ito', group_ids: [east, west], role_ids: [viewers.id], group_roles: [{ group_id: west, group_role_ids: [managers.id] }] };
    const saved = expectStatus(await put(admin, url, body), 200).json<UserDetail>();
    expect(saved).toMatchObject({
      last_name: 'Park-Ito', groups: [{ id: east, name: 'East' }, { id: west, name: 'West' }], roles: [{ id: viewers.id, name: 'Viewers' }],
      group_roles: [{ group_id: west, group_name: 'West', group_roles: [{ id: managers.id, name: 'Controller managers' }] }],
    });
    expect(expectStatus(await lee.get('/api/Login'), 200).json<{ permissions: string[] }>().permissions).toEqual(['group_data_view']);

    // Leaving West: its group roles go (they would grant nothing the user can see).
    const left = expectStatus(await put(admin, url, { first_name: 'Lee', last_name: 'Park', group_ids: [east] }), 200).json<UserDetail>();
    expect(left).toMatchObject({ groups: [{ id: east }], roles: [{ id: viewers.id }], group_roles: [] });
    // group_roles given: an unlisted group loses them; role_ids []: no roles.
    expectStatus(await put(admin, url, { ...body, group_roles: [{ group_id: east, group_role_ids: [managers.id] }] }), 200);
    const cleared = expectStatus(await put(admin, url, { ...body, role_ids: [], group_roles: [] }), 200).json<UserDetail>();
    expect(cleared).toMatchObject({ roles: [], group_roles: [] });

    expect(fieldsOf(await put(admin, url, { ...body, first_name: '', group_ids: [] }))).toEqual({ first_name: 'Required', group_ids: userMessages.groupsRequired });
    expect(fieldsOf(await put(admin, url, { ...body, group_ids: [east, 987654] }))).toEqual({ 'group_ids.1': userMessages.unknownGroup });
    expect(fieldsOf(await put(admin, url, { ...body, role_ids: [viewers.id, 987654] }))).toEqual({ 'role_ids.1': roleMessages.unknownRole });
    expect(fieldsOf(await put(admin, url, { ...body, group_roles: [{ group_id: west, group_role_ids: [987654] }] }))).toEqual({ 'group_roles.0.group_role_ids.0': roleMessages.unknownGroupRole });
    expectStatus(await put(admin, '/api/v2/users/987654', body), 404);
    expectStatus(await admin.get('/api/v2/users/zero'), 400);
  });
});
