import { afterEach, describe, expect, it } from 'vitest';
import { type GroupController, type GroupMember, groupMessages } from '@syrx/contracts/groups';
import { auditEntries } from '../../test/operations-helpers.ts';
import { expectStatus, fieldsOf, memberWith, signedInAdmin } from '../../test/project-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { childNames, createGroup, groupUrl, memberNames, setMembers } from './testing/group-fixtures.ts';

let t: TestApp;
afterEach(async () => t?.close());

const usernames = (res: Awaited<ReturnType<typeof setMembers>>) => expectStatus(res, 200).json<GroupMember[]>().map((m) => m.username);

describe('group members', () => {
  it('sets the direct members, lists them, and audits who was added and removed', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const site = await createGroup(admin, 'Site', rootId);
    const ana = await memberWith(t, 'ana@example.com', []);
    const ben = await memberWith(t, 'ben@example.com', []);
    expect(await memberNames(admin, site.id)).toEqual([]);

    expect(usernames(await setMembers(admin, site.id, [ben.userId, ana.userId, ana.userId]))).toEqual(['ana@example.com', 'ben@example.com']);
    expect(expectStatus(await admin.get(groupUrl(site.id)), 200).json<{ counts: { members: number } }>().counts.members).toBe(2);
    expect(usernames(await setMembers(admin, site.id, [ben.userId]))).toEqual(['ben@example.com']);
    expect(await memberNames(admin, site.id)).toEqual(['ben@example.com']);
    // A member sees the group now, and only through it, in the tree.
    expect(expectStatus(await ben.client.get('/api/v2/groups/getChildrenOf'), 200).json<{ name: string }[]>().map((g) => g.name).sort()).toEqual(['Site', 'ben facilities']);

    const changes = (await auditEntries(admin)).filter((e) => e.action === 'group.members.change' && e.target_id === String(site.id));
    expect(changes.map((e) => e.details)).toEqual([{ added: [], removed: ['ana@example.com'] }, { added: ['ana@example.com', 'ben@example.com'], removed: [] }]);
    // The same list again changes nothing and writes no entry.
    expectStatus(await setMembers(admin, site.id, [ben.userId]), 200);
    expect((await auditEntries(admin)).filter((e) => e.action === 'group.members.change')).toHaveLength(2);
  });

  it('refuses unknown users naming the index, and bad input naming the field', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const site = await createGroup(admin, 'Site', rootId);
    const ana = await memberWith(t, 'ana@example.com', []);
    expect(fieldsOf(await setMembers(admin, site.id, [ana.userId, 99_999]))).toEqual({ 'user_ids.1': groupMessages.unknownUser });
    expect(fieldsOf(await setMembers(admin, site.id, 'all'))).toHaveProperty('user_ids');
    expect(fieldsOf(await setMembers(admin, site.id, [0]))).toHaveProperty('user_ids.0');
    expect(await memberNames(admin, site.id)).toEqual([]);
    expectStatus(await setMembers(admin, 99_999, []), 404);
    expectStatus(await admin.get(`${groupUrl(99_999)}/members`), 404);
  });

  it('lets a manager who does not see every group add only users they see, and not lock themselves out', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const manager = await memberWith(t, 'manager@example.com', ['groups_manage']);
    const colleague = await memberWith(t, 'colleague@example.com', []);
    const stranger = await memberWith(t, 'stranger@example.com', []);
    expectStatus(await setMembers(admin, manager.groupId, [manager.userId, colleague.userId]), 200);
    const wing = await createGroup(manager.client, 'Wing', manager.groupId);

    const candidates = expectStatus(await manager.client.get(`${groupUrl(wing.id)}/member-candidates`), 200).json<GroupMember[]>();
    expect(candidates.map((u) => u.username)).toEqual(['colleague@example.com', 'manager@example.com']);
    expect(expectStatus(await manager.client.get(`${groupUrl(wing.id)}/member-candidates?q=COLL`), 200).json<GroupMember[]>().map((u) => u.username)).toEqual(['colleague@example.com']);
    expect(expectStatus(await admin.get(`${groupUrl(wing.id)}/member-candidates?q=stranger`), 200).json<GroupMember[]>().map((u) => u.username)).toEqual(['stranger@example.com']);

    expect(usernames(await setMembers(manager.client, wing.id, [colleague.userId]))).toEqual(['colleague@example.com']);
    expect(fieldsOf(await setMembers(manager.client, wing.id, [colleague.userId, stranger.userId]))).toEqual({ 'user_ids.1': groupMessages.unknownUser });
    // Leaving their own organization would hide it from them: refused, nothing changed.
    expect(fieldsOf(await setMembers(manager.client, manager.groupId, [colleague.userId]))).toEqual({ user_ids: groupMessages.keepYourself });
    expect(await memberNames(admin, manager.groupId)).toEqual(['colleague@example.com', 'manager@example.com']);
    expect(await childNames(manager.client, manager.groupId)).toEqual(['Wing']);
    expectStatus(await manager.client.get(`${groupUrl(rootId)}/members`), 404);
    expectStatus(await setMembers(manager.client, rootId, [manager.userId]), 404);
  });

  it("lists the group's own controllers", async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const site = await createGroup(admin, 'Site', rootId);
    const sub = await createGroup(admin, 'Sub', site.id);
    const ctl = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Boiler room', description: 'Basement', group_id: site.id }), 201).json<{ id: string }>();
    expectStatus(await admin.post('/api/SyrxControllers', { name: 'Below', group_id: sub.id }), 201);
    expect(expectStatus(await admin.get(`${groupUrl(site.id)}/controllers`), 200).json<GroupController[]>()).toEqual([{ id: ctl.id, name: 'Boiler room', description: 'Basement' }]);
    const outsider = await memberWith(t, 'outsider@example.com', ['groups_manage']);
    expectStatus(await outsider.client.get(`${groupUrl(site.id)}/controllers`), 404);
    const plain = await memberWith(t, 'plain@example.com', ['pcs_admin']);
    expectStatus(await plain.client.get(`${groupUrl(plain.groupId)}/controllers`), 403);
    expectStatus(await plain.client.get(`${groupUrl(plain.groupId)}/members`), 403);
    expectStatus(await setMembers(plain.client, plain.groupId, []), 403);
  });
});
