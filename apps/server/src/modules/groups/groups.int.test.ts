import { afterEach, describe, expect, it } from 'vitest';
import type { GroupNode } from '@syrx/contracts/groups';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
afterEach(async () => t?.close());

const names = (nodes: GroupNode[]) => nodes.map((n) => n.name);

describe('group tree and current group', () => {
  it('shows an administrator with groups_allow_all the whole tree, lazily', async () => {
    t = await createTestApp({ DEMO: 'true' });
    const c = t.client();
    await c.signIn();
    const roots = (await c.get('/api/v2/groups/getChildrenOf')).json<GroupNode[]>();
    expect(roots.map(({ name, has_children }) => ({ name, has_children }))).toEqual([{ name: 'Root', has_children: true }]);
    const orgs = (await c.get(`/api/v2/groups/getChildrenOf?id=${roots[0]?.id}`)).json<GroupNode[]>();
    expect(names(orgs)).toEqual(['Harbor Office Park', 'Riverside Medical Center']);
    const hospital = orgs.find((o) => o.name === 'Riverside Medical Center');
    const buildings = (await c.get(`/api/v2/groups/getChildrenOf?id=${hospital?.id}`)).json<GroupNode[]>();
    expect(names(buildings)).toEqual(['Central Utility Plant', 'Main Hospital', 'Outpatient Pavilion']);
    expect(buildings.every((b) => !b.has_children)).toBe(true);
  });

  it('shows a member only their own groups and answers 404 for the rest', async () => {
    t = await createTestApp({ DEMO: 'true' });
    const c = t.client();
    const { user } = await registerAndSignIn(c, t.db);
    const roots = (await c.get('/api/v2/groups/getChildrenOf')).json<GroupNode[]>();
    expect(roots).toEqual([{ id: user.commissioning_group.id, name: 'Reyes Mechanical', has_children: false }]);

    const admin = t.client();
    await admin.signIn();
    const rootId = (await admin.get('/api/v2/groups/getChildrenOf')).json<GroupNode[]>()[0]?.id;
    expect((await c.get(`/api/v2/groups/getChildrenOf?id=${rootId}`)).statusCode).toBe(404);
    expect((await c.get('/api/v2/groups/getChildrenOf?id=abc')).statusCode).toBe(400);
  });

  it('saves the current group for oneself, only among visible groups', async () => {
    t = await createTestApp({ DEMO: 'true' });
    const admin = t.client();
    const me = (await admin.signIn()).json<{ id: number }>();
    const rootId = (await admin.get('/api/v2/groups/getChildrenOf')).json<GroupNode[]>()[0]?.id;
    const harbor = (await admin.get(`/api/v2/groups/getChildrenOf?id=${rootId}`)).json<GroupNode[]>()[0];

    const saved = await admin.post(`/api/Users/${me.id}/CurrentGroup`, { group_id: harbor?.id });
    expect(saved.statusCode).toBe(200);
    expect((await admin.get('/api/Login')).json()).toMatchObject({ commissioning_group: { id: harbor?.id, name: 'Harbor Office Park' } });

    const member = t.client();
    const { user } = await registerAndSignIn(member, t.db);
    expect((await member.post(`/api/Users/${user.id}/CurrentGroup`, { group_id: harbor?.id })).statusCode).toBe(404);
    // Another user's current group needs users_manage, which an organization's administrator holds for its own people
    // only: the installation's administrator is not among them (404, as an unknown user).
    expect((await member.post(`/api/Users/${me.id}/CurrentGroup`, { group_id: user.commissioning_group.id })).statusCode).toBe(404);
    expect((await member.post(`/api/Users/${user.id}/CurrentGroup`, { group_id: 'x' })).statusCode).toBe(400);
    expect((await member.post(`/api/Users/${user.id}/CurrentGroup`, { group_id: 999999 })).statusCode).toBe(404);
    expect((await t.client().post(`/api/Users/${user.id}/CurrentGroup`, { group_id: 1 }, { csrf: false })).statusCode).toBe(403);
  });

  it('requires a session for the group tree', async () => {
    t = await createTestApp();
    expect((await t.client().get('/api/v2/groups/getChildrenOf')).statusCode).toBe(401);
  });
});
