import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Role, type UserGroupRoles, roleMessages } from '@syrx/contracts/roles';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { grant } from '../../test/operations-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminAndDana, createGroupRole, createRole, fieldsOf, permissionsOf, put, registeredUser, signedInAdmin } from './testing/roles-test-helpers.ts';

let t: TestApp;
afterEach(async () => t?.close());

const names = (roles: Role[]) => roles.map((r) => r.name);

describe("a user's roles and group roles", () => {
  it('replaces the roles of a user (roles_manage), which their session shows at once', async () => {
    t = await createTestApp();
    const { admin, dana } = await adminAndDana(t);
    const auditor = await createRole(admin, 'Auditor', ['audit_log_view']);
    const url = `/api/v2/users/${dana.id}/roles`;
    expect(names(expectStatus(await admin.get(url), 200).json())).toEqual(['Organization administrator']);

    const replaced = expectStatus(await put(admin, url, [auditor.id, auditor.id]), 200).json<Role[]>();
    expect(replaced).toEqual([auditor]);
    expect(expectStatus(await admin.get(url), 200).json()).toEqual([auditor]);
    expect(await permissionsOf(dana.client)).toEqual(['audit_log_view']);
    expectStatus(await dana.client.get('/api/v2/audit-log'), 200);
    expectStatus(await put(admin, url, []), 200);
    expect(await permissionsOf(dana.client)).toEqual([]);

    expect(fieldsOf(await put(admin, url, [auditor.id, 987654]))).toEqual({ 1: roleMessages.unknownRole });
    expect(fieldsOf(await put(admin, url, ['one']))).toHaveProperty('0');
    expect(fieldsOf(await put(admin, url, { role_ids: [1] }))).toHaveProperty('(body)');
    expectStatus(await admin.get('/api/v2/users/987654/roles'), 404);
    expectStatus(await put(admin, '/api/v2/users/987654/roles', []), 404);
    expectStatus(await admin.get('/api/v2/users/zero/roles'), 400);
    // The last holder of the Administrator role keeps it.
    expect(expectStatus(await put(admin, '/api/v2/users/1/roles', [auditor.id]), 400).json()).toMatchObject({ message: roleMessages.lastAdministrator });
    expect(await permissionsOf(admin)).toContain('roles_manage');
  });

  it('lets users_manage give and take only roles whose permissions the giver holds, to the users it sees', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const manager = await registeredUser(t, 'manager@example.com', 'Manager Inc');
    const dana = await registeredUser(t, 'dana@example.com', 'Reyes Mechanical');
    const auditor = await createRole(admin, 'Auditor', ['audit_log_view']);
    const controls = await createRole(admin, 'Controls', ['pcs_admin']);
    const url = `/api/v2/users/${dana.id}/roles`;
    // The manager (an organization's administrator, users_manage) does not see another organization's people.
    expectStatus(await manager.client.get(url), 404);
    expectStatus(await put(manager.client, url, [auditor.id]), 404);

    // Dana joins the manager's organization too: now the manager sees her.
    await t.db.execute(sql`insert into group_memberships (user_id, group_id) values (${dana.id}, ${manager.groupId})`);
    await grant(t.db, manager.username, 'Auditors too', ['audit_log_view']);
    expect(names(expectStatus(await manager.client.get(url), 200).json())).toEqual(['Organization administrator']);
    // The manager holds the Organization administrator's permissions (their own organization) and audit_log_view.
    expect(names(expectStatus(await put(manager.client, url, [auditor.id]), 200).json())).toEqual(['Auditor']);
    const refused = await put(manager.client, url, [auditor.id, controls.id]);
    expect(expectStatus(refused, 403).json<{ message: string }>().message).toContain('"Controls"');
    expectStatus(await put(admin, url, [controls.id]), 200);
    expectStatus(await put(manager.client, url, []), 403); // taking it is refused too
    expect(await permissionsOf(dana.client)).toEqual(['pcs_admin']);
    // Without users_manage, another user's roles are not Dana's to read.
    expectStatus(await dana.client.get(`/api/v2/users/${manager.id}/roles`), 403);
  });

  it('replaces the group roles of a user in a group the giver and the user see', async () => {
    t = await createTestApp();
    const { admin, dana } = await adminAndDana(t);
    const managers = await createGroupRole(admin, 'Controller managers', ['group_controllers_manage']);
    const viewers = await createGroupRole(admin, 'Data viewers', ['group_data_view']);
    const url = `/api/v2/users/${dana.id}/group-roles`;
    expect(expectStatus(await admin.get(url), 200).json()).toEqual([]);

    const set = expectStatus(await put(admin, url, { group_id: dana.groupId, group_role_ids: [viewers.id, managers.id] }), 200).json<UserGroupRoles>();
    const expected: UserGroupRoles = {
      group_id: dana.groupId, group_name: 'Reyes Mechanical', group_roles: [{ id: managers.id, name: 'Controller managers' }, { id: viewers.id, name: 'Data viewers' }],
    };
    expect(set).toEqual(expected);
    expect(expectStatus(await admin.get(url), 200).json()).toEqual([expected]);

    expect(fieldsOf(await put(admin, url, { group_id: 1, group_role_ids: [viewers.id] }))).toEqual({ group_id: roleMessages.groupNotVisibleToUser });
    expect(fieldsOf(await put(admin, url, { group_id: dana.groupId, group_role_ids: [viewers.id, 4242] }))).toEqual({ 'group_role_ids.1': roleMessages.unknownGroupRole });
    expect(fieldsOf(await put(admin, url, { group_role_ids: [] }))).toHaveProperty('group_id');
    expectStatus(await put(admin, url, { group_id: 123456, group_role_ids: [] }), 404);
    expectStatus(await put(admin, '/api/v2/users/123456/group-roles', { group_id: dana.groupId, group_role_ids: [] }), 404);

    expect(expectStatus(await put(admin, url, { group_id: dana.groupId, group_role_ids: [] }), 200).json()).toEqual({ group_id: dana.groupId, group_name: 'Reyes Mechanical', group_roles: [] });
    expect(expectStatus(await admin.get(url), 200).json()).toEqual([]);
  });

  it('lets users_manage give group roles only in groups it sees, and only group permissions it holds there', async () => {
    t = await createTestApp();
    const { admin, dana } = await adminAndDana(t);
    const manager = await registeredUser(t, 'manager@example.com', 'Manager Inc');
    const viewers = await createGroupRole(admin, 'Data viewers', ['group_data_view']);
    await grant(t.db, manager.username, 'User managers', ['users_manage']);
    // Dana's group is not the manager's: as if it did not exist.
    expectStatus(await put(manager.client, `/api/v2/users/${dana.id}/group-roles`, { group_id: dana.groupId, group_role_ids: [viewers.id] }), 404);
    expectStatus(await manager.client.get(`/api/v2/users/${dana.id}/group-roles`), 404);

    // In the manager's own group: only with the group permissions the manager holds there.
    const own = `/api/v2/users/${manager.id}/group-roles`;
    expectStatus(await put(manager.client, own, { group_id: manager.groupId, group_role_ids: [viewers.id] }), 403);
    expectStatus(await put(admin, own, { group_id: manager.groupId, group_role_ids: [viewers.id] }), 200);
    const copy = await createGroupRole(admin, 'Viewers too', ['group_data_view']);
    expect(expectStatus(await put(manager.client, own, { group_id: manager.groupId, group_role_ids: [viewers.id, copy.id] }), 200).json<UserGroupRoles>().group_roles).toHaveLength(2);
    // Dana manages her own organization's people, not the manager's.
    expectStatus(await dana.client.get(own), 404);
  });
});
