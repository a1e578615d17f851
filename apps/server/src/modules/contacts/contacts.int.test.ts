import { afterEach, describe, expect, it } from 'vitest';
import { type Contact, contactMessages } from '@syrx/contracts/contacts';
import { expectStatus, send } from '../../test/bacnet-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { memberWith, signedInAdmin } from '../../test/project-helpers.ts';

let t: TestApp;
afterEach(async () => t?.close());

const v2 = '/api/v2';
const add = async (c: TestClient, groupId: number, first: string, last: string, more: object = {}) =>
  expectStatus(await c.post(`${v2}/contacts`, { first_name: first, last_name: last, group_id: groupId, ...more }), 201).json<Contact>();
const list = async (c: TestClient, groupId: number) => expectStatus(await c.get(`${v2}/groups/${groupId}/contacts`), 200).json<Contact[]>();
const fields = (res: Awaited<ReturnType<TestClient['get']>>) =>
  Object.fromEntries(expectStatus(res, 400).json<{ fields: { field: string; message: string }[] }>().fields.map((f) => [f.field, f.message]));

describe('contacts of a group', () => {
  it('adds, lists by last then first name with a full name, edits and deletes contacts', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const maria = await add(admin, rootId, ' Maria ', 'Delgado', { company: 'Riverside Medical Center', email: 'maria@example.com', phone: '', title: null });
    expect(maria).toEqual({
      id: expect.any(Number) as number, group_id: rootId, first_name: 'Maria', last_name: 'Delgado', full_name: 'Maria Delgado',
      company: 'Riverside Medical Center', title: null, email: 'maria@example.com', phone: null, category_id: null, category_name: null,
    });
    await add(admin, rootId, 'James', 'whitaker');
    await add(admin, rootId, 'Ana', 'Delgado');
    expect((await list(admin, rootId)).map((c) => c.full_name)).toEqual(['Ana Delgado', 'Maria Delgado', 'James whitaker']);

    const edited = expectStatus(await send(admin, 'PUT', `${v2}/contacts/${maria.id}`, { first_name: 'María', last_name: 'Delgado', title: 'Director of Facilities' }), 200).json<Contact>();
    expect(edited).toMatchObject({ id: maria.id, full_name: 'María Delgado', title: 'Director of Facilities', company: null, group_id: rootId });
    expect(expectStatus(await admin.get(`${v2}/contacts/${maria.id}`), 200).json<Contact>()).toEqual(edited);
    expectStatus(await admin.delete(`${v2}/contacts/${maria.id}`), 204);
    expectStatus(await admin.get(`${v2}/contacts/${maria.id}`), 404);
    expect(await list(admin, rootId)).toHaveLength(2);
  });

  it('answers 400 naming the field for bad input', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    expect(fields(await admin.post(`${v2}/contacts`, { first_name: ' ', last_name: 'Raman', group_id: rootId }))).toEqual({ first_name: contactMessages.firstName });
    expect(fields(await admin.post(`${v2}/contacts`, { first_name: 'Priya', group_id: rootId }))).toEqual({ last_name: contactMessages.lastName });
    expect(fields(await admin.post(`${v2}/contacts`, { first_name: 'Priya', last_name: 'Raman', email: 'not-an-address', group_id: rootId }))).toEqual({ email: contactMessages.email });
    expect(fields(await admin.post(`${v2}/contacts`, { first_name: 'Priya', last_name: 'Raman' }))).toHaveProperty('group_id');
    expectStatus(await admin.get(`${v2}/groups/x/contacts`), 400);
    expect(await list(admin, rootId)).toEqual([]);
  });

  it('answers 404 on another group\'s contacts and changes nothing; reading needs the group, changing contacts_manage', async () => {
    t = await createTestApp();
    const { admin, rootId } = await signedInAdmin(t);
    const theirs = await add(admin, rootId, 'Maria', 'Delgado');
    const { client: other, groupId } = await memberWith(t, 'okafor@example.com', ['contacts_manage']);

    expectStatus(await other.get(`${v2}/groups/${rootId}/contacts`), 404);
    expectStatus(await other.get(`${v2}/contacts/${theirs.id}`), 404);
    expectStatus(await send(other, 'PUT', `${v2}/contacts/${theirs.id}`, { first_name: 'X', last_name: 'Y' }), 404);
    expectStatus(await other.delete(`${v2}/contacts/${theirs.id}`), 404);
    expectStatus(await other.post(`${v2}/contacts`, { first_name: 'X', last_name: 'Y', group_id: rootId }), 404);
    expect(await list(admin, rootId)).toEqual([theirs]);
    const own = await add(other, groupId, 'Daniel', 'Okafor');
    expect(await list(other, groupId)).toEqual([own]);

    const { client: reader, groupId: readerGroup } = await memberWith(t, 'reader@example.com', ['projects_manage']);
    const readable = await add(admin, readerGroup, 'Sofia', 'Nguyen');
    expect(await list(reader, readerGroup)).toEqual([readable]);
    for (const res of [
      await reader.post(`${v2}/contacts`, { first_name: 'X', last_name: 'Y', group_id: readerGroup }),
      await send(reader, 'PUT', `${v2}/contacts/${readable.id}`, { first_name: 'X', last_name: 'Y' }),
      await reader.delete(`${v2}/contacts/${readable.id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('Changing contacts needs the permission contacts_manage.');
    }
    expect(await list(reader, readerGroup)).toEqual([readable]);
  });
});
