import type { LightMyRequestResponse } from 'fastify';
import type { GroupRole, Role } from '@syrx/contracts/roles';
import { expectStatus, send } from './bacnet-helpers.ts';
import type { TestApp, TestClient } from './test-app.ts';

/** What the administration tests share (roles, users): requests, 400 bodies, and roles made through the API. */
export const put = (c: TestClient, url: string, payload: unknown) => send(c, 'PUT', url, payload);

/** The fields of a 400's body, as {field: message}. */
export const fieldsOf = (res: LightMyRequestResponse) =>
  Object.fromEntries(expectStatus(res, 400).json<{ fields?: { field: string; message: string }[] }>().fields?.map((f) => [f.field, f.message]) ?? []);

export async function signedInAdmin(t: TestApp): Promise<TestClient> {
  const admin = t.client();
  await admin.signIn();
  return admin;
}

export async function createRole(admin: TestClient, name: string, permissions: string[]): Promise<Role> {
  return expectStatus(await admin.post('/api/v2/roles', { name, permissions }), 201).json<Role>();
}

export async function createGroupRole(admin: TestClient, name: string, groupPermissions: string[], description = `${name} of a group`): Promise<GroupRole> {
  return expectStatus(await admin.post('/api/v2/group-roles', { name, description, group_permissions: groupPermissions }), 201).json<GroupRole>();
}
