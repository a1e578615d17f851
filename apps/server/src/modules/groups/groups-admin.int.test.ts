import { afterEach, describe, expect, it } from 'vitest';
import { type GroupDetail, groupMessages } from '@syrx/contracts/groups';
import { auditEntries } from '../../test/operations-helpers.ts';
import { createContact, createProject, expectStatus, fieldsOf, memberWith, send, signedInAdmin } from '../../test/project-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { childNames, createGroup, groupsUrl, groupUrl, setMembers, updateGroup } from './testing/group-fixtures.ts';

let t: TestApp;
afterEach(async () => t?.close());

const detailOf = (res: Awaited<ReturnType<typeof updateGroup>>) => expectStatus(res, 200).json<GroupDetail>();

describe('group administration', () => {
  it('creates a subgroup, renames it and sets the two-factor requirement, each audited', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const plant = await createGroup(admin, '  Central plant ', rootId);
    expect(plant).toEqual({
      id: expect.any(Number) as number, name: 'Central plant', parent_id: rootId, path: [{ id: rootId, name: 'Root' }], require_two_factor: false,
      counts: { members: 0, subgroups: 0, controllers: 0, accounts: 0, projects: 0 },
    });
    expect(await childNames(admin, rootId)).toContain('Central plant');

    const renamed = detailOf(await updateGroup(admin, plant.id, { name: 'Utility plant', parent_id: rootId, require_two_factor: true }));
    expect(renamed).toMatchObject({ name: 'Utility plant', require_two_factor: true });
    // Without require_two_factor the requirement is kept; GET answers the same.
    expect(detailOf(await updateGroup(admin, plant.id, { name: 'Utility plant', parent_id: rootId }))).toMatchObject({ require_two_factor: true });
    expect(expectStatus(await admin.get(groupUrl(plant.id)), 200).json()).toEqual(renamed);

    const entries = (await auditEntries(admin)).filter((e) => e.target_type === 'group' && e.target_id === String(plant.id));
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ['group.update', { name: { from: 'Central plant', to: 'Utility plant' }, require_two_factor: { from: false, to: true } }],
      ['group.create', { name: 'Central plant', parent_id: rootId, require_two_factor: false }],
    ]);
  });

  it('moves a group under another, and refuses a move under itself or a descendant naming parent_id', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const north = await createGroup(admin, 'North campus', rootId);
    const south = await createGroup(admin, 'South campus', rootId);
    const clinic = await createGroup(admin, 'Clinic', south.id);

    const moved = detailOf(await updateGroup(admin, south.id, { name: 'South campus', parent_id: north.id }));
    expect(moved.path.map((g) => g.name)).toEqual(['Root', 'North campus']);
    expect(await childNames(admin, north.id)).toEqual(['South campus']);
    expect(await childNames(admin, rootId)).not.toContain('South campus');
    expect(expectStatus(await admin.get(groupUrl(clinic.id)), 200).json<GroupDetail>().path.map((g) => g.name)).toEqual(['Root', 'North campus', 'South campus']);

    for (const parent of [north.id, south.id, clinic.id]) {
      expect(fieldsOf(await updateGroup(admin, north.id, { name: 'North campus', parent_id: parent }))).toEqual({ parent_id: groupMessages.cycle });
    }
    expect(fieldsOf(await updateGroup(admin, north.id, { name: 'North campus', parent_id: 99_999 }))).toEqual({ parent_id: groupMessages.unknownParent });
    expect(fieldsOf(await updateGroup(admin, north.id, { name: 'North campus', parent_id: null }))).toEqual({ parent_id: groupMessages.needsParent });
    expect(await childNames(admin, rootId)).toContain('North campus');
  });

  it('neither moves nor deletes the top-level group, but renames it', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const wing = await createGroup(admin, 'Wing', rootId);
    expect(fieldsOf(await updateGroup(admin, rootId, { name: 'Root', parent_id: wing.id }))).toEqual({ parent_id: groupMessages.topLevelMove });
    expect(expectStatus(await admin.delete(groupUrl(rootId)), 400).json()).toMatchObject({ message: groupMessages.topLevelDelete });
    expect(detailOf(await updateGroup(admin, rootId, { name: 'Everything', parent_id: null }))).toMatchObject({ name: 'Everything', parent_id: null, path: [] });
  });

  it('keeps sibling names apart without case (409 naming the name), and lets cousins share one', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const east = await createGroup(admin, 'East', rootId);
    const west = await createGroup(admin, 'West', rootId);
    const taken = await admin.post(groupsUrl, { name: 'EAST', parent_id: rootId });
    expect(expectStatus(taken, 409).json()).toEqual({ code: 'conflict', message: groupMessages.nameTaken('EAST'), fields: [{ field: 'name', message: groupMessages.nameTaken('EAST') }] });
    expectStatus(await updateGroup(admin, west.id, { name: 'east', parent_id: rootId }), 409);
    const westPlant = await createGroup(admin, 'Plant', west.id);
    await createGroup(admin, 'plant', east.id);
    // Moving into a group whose child has the name: the same 409.
    expectStatus(await updateGroup(admin, westPlant.id, { name: 'Plant', parent_id: east.id }), 409);
    expect(detailOf(await updateGroup(admin, westPlant.id, { name: 'Plant 2', parent_id: east.id })).parent_id).toBe(east.id);
    // Its own name again (another case) is no conflict.
    expectStatus(await updateGroup(admin, east.id, { name: 'EAST', parent_id: rootId }), 200);
  });

  it('refuses to delete a group anything hangs on with 409 naming each, deletes it once empty, audited', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const site = await createGroup(admin, 'Site', rootId);
    const me = expectStatus(await admin.get('/api/Login'), 200).json<{ id: number }>();
    const sub = await createGroup(admin, 'Sub', site.id);
    expectStatus(await setMembers(admin, site.id, [me.id]), 200);
    const ctl = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Site controller', group_id: site.id }), 201).json<{ id: string }>();
    const project = await createProject(admin, site.id);
    const contact = await createContact(admin, site.id);
    const station = expectStatus(await admin.get('/api/v2/weatherstations'), 200).json<{ id: number }[]>()[0];
    const account = expectStatus(await admin.post('/api/v2/accounts', {
      name: 'Site meter', num: '1', type: 'electric', weatherstation_id: station?.id, timezone: 'America/New_York', group_id: site.id,
      buildingSquareFootage: 1000, utilityCostPerUnit: 0.1,
    }), 201).json<{ id: number }>();
    expect(expectStatus(await admin.get(groupUrl(site.id)), 200).json<GroupDetail>().counts).toEqual({ members: 1, subgroups: 1, controllers: 1, accounts: 1, projects: 1 });

    const refused = expectStatus(await admin.delete(groupUrl(site.id)), 409).json<{ message: string; details: Record<string, number> }>();
    expect(refused.message).toBe(groupMessages.inUse('Site', '1 member, 1 subgroup, 1 Syrx controller, 1 building meter account, 1 project and 1 contact'));
    expect(refused.details).toEqual({ members: 1, subgroups: 1, controllers: 1, accounts: 1, projects: 1, contacts: 1 });
    expect(await childNames(admin, rootId)).toContain('Site');

    expectStatus(await admin.delete(groupUrl(sub.id)), 204);
    expectStatus(await setMembers(admin, site.id, []), 200);
    expectStatus(await admin.delete(`/api/SyrxControllers/${ctl.id}`), 204);
    expectStatus(await admin.delete(`/api/v2/projects/${project.id}`), 204);
    expectStatus(await admin.delete(`/api/v2/contacts/${contact.id}`), 204);
    expectStatus(await admin.delete(`/api/v2/accounts/${account.id}`), 204);
    expectStatus(await admin.delete(groupUrl(site.id)), 204);
    expectStatus(await admin.get(groupUrl(site.id)), 404);
    expectStatus(await admin.delete(groupUrl(site.id)), 404);
    expect(await childNames(admin, rootId)).not.toContain('Site');
    const deleted = (await auditEntries(admin)).find((e) => e.action === 'group.delete' && e.target_id === String(site.id));
    expect(deleted).toMatchObject({ group_id: rootId, details: { name: 'Site', parent_id: rootId } });
  });

  it('refuses bad input with 400 naming the field', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    expect(Object.keys(fieldsOf(await admin.post(groupsUrl, {}))).sort()).toEqual(['name', 'parent_id']);
    expect(fieldsOf(await admin.post(groupsUrl, { name: '   ', parent_id: rootId }))).toEqual({ name: groupMessages.required });
    expect(fieldsOf(await admin.post(groupsUrl, { name: 'x'.repeat(101), parent_id: rootId }))).toEqual({ name: groupMessages.tooLong });
    expect(fieldsOf(await admin.post(groupsUrl, { name: 'A', parent_id: 'root' }))).toHaveProperty('parent_id');
    expect(fieldsOf(await admin.post(groupsUrl, { name: 'A', parent_id: 99_999 }))).toEqual({ parent_id: groupMessages.unknownParent });
    expect(fieldsOf(await admin.post(groupsUrl, { name: 'A', parent_id: rootId, require_two_factor: 'yes' }))).toHaveProperty('require_two_factor');
    expect(fieldsOf(await send(admin, 'PUT', groupUrl(rootId), { name: 'Root' }))).toHaveProperty('parent_id');
    for (const id of ['abc', '0', '99999999999', '1.5']) expectStatus(await admin.get(`${groupsUrl}/${id}`), 400);
    expectStatus(await admin.get(groupUrl(99_999)), 404);
  });

  it('needs groups_manage (403), and answers 404 for a group the manager does not see', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const plain = await memberWith(t, 'plain@example.com', ['users_manage', 'roles_manage', 'accounts_manage']);
    for (const res of [
      await plain.client.post(groupsUrl, { name: 'Mine', parent_id: plain.groupId }), await plain.client.get(groupUrl(plain.groupId)),
      await updateGroup(plain.client, plain.groupId, { name: 'Mine', parent_id: rootId }), await plain.client.delete(groupUrl(plain.groupId)),
    ]) expect(expectStatus(res, 403).json()).toMatchObject({ code: 'forbidden' });

    const manager = await memberWith(t, 'manager@example.com', ['groups_manage']);
    const hidden = await createGroup(admin, 'Hidden', rootId);
    for (const res of [
      await manager.client.get(groupUrl(hidden.id)), await manager.client.get(groupUrl(rootId)), await manager.client.delete(groupUrl(hidden.id)),
      await updateGroup(manager.client, hidden.id, { name: 'Mine now', parent_id: manager.groupId }),
    ]) expect(expectStatus(res, 404).json()).toEqual({ code: 'not_found', message: 'The group was not found.' });
    expect(fieldsOf(await manager.client.post(groupsUrl, { name: 'Inside hidden', parent_id: hidden.id }))).toEqual({ parent_id: groupMessages.unknownParent });

    // Their own organization: a subgroup, a rename; moving the organization out of the root they do not see: 400.
    const wing = await createGroup(manager.client, 'Wing', manager.groupId);
    expect(wing.path).toEqual([{ id: manager.groupId, name: 'manager facilities' }]);
    expectStatus(await updateGroup(manager.client, manager.groupId, { name: 'Manager Facilities', parent_id: rootId }), 200);
    expect(fieldsOf(await updateGroup(manager.client, manager.groupId, { name: 'Manager Facilities', parent_id: wing.id }))).toEqual({ parent_id: groupMessages.parentHidden });
    expect(expectStatus(await admin.get(groupUrl(hidden.id)), 200).json<GroupDetail>().name).toBe('Hidden');
  });
});
