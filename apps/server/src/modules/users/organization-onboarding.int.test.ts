import { describe, expect, it } from 'vitest';
import type { GroupDetail } from '@syrx/contracts/groups';
import type { Page } from '@syrx/contracts/jobs';
import type { UserSummary } from '@syrx/contracts/users';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { createRole, put, signedInAdmin } from '../../test/admin-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import { invitedAndSignedIn } from './testing/users-fixtures.ts';

const apps = useTestApps();

/** The "done when": a self-registered organization brings a colleague into a subgroup with a role, alone. */
describe('a self-registered organization onboards its people', () => {
  it('creates a subgroup, invites a colleague into it with a role it may give, and sees only its own people', async () => {
    const t = await apps.start();
    const admin = await signedInAdmin(t);
    const viewers = await createRole(admin, 'Data viewers', ['group_data_view']);
    const administrator = (await admin.get('/api/v2/users/role-options')).json<{ roles: { id: number; name: string }[] }>()
      .roles.find((r) => r.name === 'Administrator');
    const owner = t.client();
    const { user } = await registerAndSignIn(owner, t.db, { email: 'kim@harbor.example', group_name: 'Harbor Mechanical' });
    const orgId = user.commissioning_group.id;

    const east = expectStatus(await owner.post('/api/v2/groups', { name: 'East wing', parent_id: orgId }), 201).json<GroupDetail>();
    // A role with permissions the organization administrator does not hold is not theirs to give.
    expectStatus(await owner.post('/api/v2/users', { email: 'sam@harbor.example', first_name: 'Sam', last_name: 'Lee', group_ids: [east.id], role_ids: [administrator!.id] }), 403);
    const { client: sam } = await invitedAndSignedIn(t, owner, { email: 'sam@harbor.example', group_ids: [east.id], role_ids: [viewers.id] });

    const me = (await sam.get('/api/Login')).json<{ commissioning_group: { id: number }; permissions: string[] }>();
    expect(me.commissioning_group.id).toBe(east.id);
    expect(me.permissions).toContain('group_data_view');
    // The organization sees its two people, not the installation's administrator.
    const listed = expectStatus(await owner.get('/api/v2/users?pageSize=50'), 200).json<Page<UserSummary>>();
    expect(listed.items.map((u) => u.email).sort()).toEqual(['kim@harbor.example', 'sam@harbor.example']);
    // Another organization's people are not its to touch: their roles, group roles and current group are as unknown.
    const other = t.client();
    const { user: otherOwner } = await registerAndSignIn(other, t.db, { email: 'ana@quay.example', group_name: 'Quay Controls' });
    for (const id of [otherOwner.id, (await admin.get('/api/Login')).json<{ id: number }>().id]) {
      expectStatus(await owner.get(`/api/v2/users/${id}/roles`), 404);
      expectStatus(await put(owner, `/api/v2/users/${id}/roles`, []), 404);
      expectStatus(await owner.get(`/api/v2/users/${id}/group-roles`), 404);
      expectStatus(await owner.post(`/api/Users/${id}/CurrentGroup`, { group_id: east.id }), 404);
      expectStatus(await owner.get(`/api/v2/users/${id}`), 404);
    }
    // Its own top-level group stays where it is: the installation's root is not the organization's to see.
    expectStatus(await put(owner, `/api/v2/groups/${orgId}`, { name: 'Harbor Mechanical', parent_id: east.id }), 400);
  });
});
