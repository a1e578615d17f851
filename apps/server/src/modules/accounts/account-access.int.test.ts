import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Account } from '@syrx/contracts/accounts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAccount, currentGroupId, expectStatus, memberWith, newAccount, send, v2 } from './testing/account-fixtures.ts';

let t: TestApp;
afterEach(async () => t?.close());

const editBody = (a: Account) => ({ name: `${a.name} (edited)`, num: a.num, type: a.type, weatherstation_id: a.weatherstation_id, timezone: a.timezone });
const entry = (a: Account) => ({ account_id: a.id, effective_date: '2025-05-01', value: 2 });

describe('building meter accounts across groups', () => {
  it('answers 404 for every route on another group\'s account, and lets each organization run its own', async () => {
    t = await createTestApp();
    const admin = t.client();
    await admin.signIn();
    const rootId = await currentGroupId(admin);
    const theirs = await createAccount(admin, rootId, { name: 'Headquarters' });
    const { client: other, groupId: otherGroup } = await memberWith(t, 'okafor@example.com', ['accounts_manage']);

    expectStatus(await other.get(`${v2}/accounts/for-group/${rootId}`), 404);
    expectStatus(await other.get(`${v2}/accounts/${theirs.id}`), 404);
    expectStatus(await send(other, 'PUT', `${v2}/accounts/${theirs.id}`, editBody(theirs)), 404);
    expectStatus(await other.delete(`${v2}/accounts/${theirs.id}`), 404);
    expectStatus(await other.post(`${v2}/account-size-normalizations`, entry(theirs)), 404);
    expectStatus(await other.post(`${v2}/account-price-normalizations`, entry(theirs)), 404);
    expectStatus(await other.post(`${v2}/accounts`, await newAccount(other, rootId)), 404);
    // Nothing changed.
    expect(expectStatus(await admin.get(`${v2}/accounts/${theirs.id}`), 200).json<Account>()).toEqual(theirs);

    // Their own organization: created, listed, and seen by the administrator (who sees every group).
    const own = await createAccount(other, otherGroup, { name: 'Okafor plant' });
    expect(expectStatus(await other.get(`${v2}/accounts/for-group/${otherGroup}`), 200).json<Account[]>().map((a) => a.id)).toEqual([own.id]);
    expectStatus(await admin.get(`${v2}/accounts/${own.id}`), 200);
    expect(expectStatus(await admin.get(`${v2}/accounts/for-group/${rootId}`), 200).json<Account[]>().map((a) => a.id)).toEqual([theirs.id]);
  });

  it('lets a member without accounts_manage or groups_manage read but not change, and groups_manage change', async () => {
    t = await createTestApp();
    const admin = t.client();
    await admin.signIn();
    const { client: reader, groupId } = await memberWith(t, 'reader@example.com', []);
    const account = await createAccount(admin, groupId, { name: 'Reader site' });

    expectStatus(await reader.get(`${v2}/accounts/for-group/${groupId}`), 200);
    expectStatus(await reader.get(`${v2}/accounts/${account.id}`), 200);
    expectStatus(await reader.get(`${v2}/weatherstations`), 200);
    expectStatus(await reader.get(`${v2}/timezones`), 200);
    const refusals = [
      await reader.post(`${v2}/accounts`, await newAccount(reader, groupId)),
      await send(reader, 'PUT', `${v2}/accounts/${account.id}`, editBody(account)),
      await reader.delete(`${v2}/accounts/${account.id}`),
      await reader.post(`${v2}/account-size-normalizations`, entry(account)),
      await reader.post(`${v2}/account-price-normalizations`, entry(account)),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('Changing building meter accounts needs the permission accounts_manage or groups_manage.');
    }

    const { client: groupsAdmin, groupId: ownGroup } = await memberWith(t, 'groups@example.com', ['groups_manage']);
    const created = await createAccount(groupsAdmin, ownGroup);
    expectStatus(await groupsAdmin.post(`${v2}/account-size-normalizations`, entry(created)), 201);
    expectStatus(await send(groupsAdmin, 'PUT', `${v2}/accounts/${created.id}`, editBody(created)), 200);
    expectStatus(await groupsAdmin.delete(`${v2}/accounts/${created.id}`), 204);
  });

  it('sees the accounts of descendant groups of the groups a user belongs to', async () => {
    t = await createTestApp();
    const admin = t.client();
    await admin.signIn();
    const { client: member, groupId } = await memberWith(t, 'parent@example.com', ['accounts_manage']);
    // The organization's child group (made here as the group administration would).
    const child = await t.db.execute<{ id: number }>(sql`insert into groups (name, parent_id) values ('Campus B', ${groupId}) returning id`);
    const childId = child.rows[0]?.id ?? 0;
    const account = await createAccount(member, childId, { name: 'Campus B meter' });
    expect(expectStatus(await member.get(`${v2}/accounts/for-group/${childId}`), 200).json<Account[]>().map((a) => a.id)).toEqual([account.id]);
  });
});
