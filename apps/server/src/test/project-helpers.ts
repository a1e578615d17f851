import { sql } from 'drizzle-orm';
import type { ComponentNode } from '@syrx/contracts/components';
import type { Contact, ContactCreate } from '@syrx/contracts/contacts';
import type { Equipment, EquipmentCreate } from '@syrx/contracts/equipment';
import type { Project, ProjectCreate } from '@syrx/contracts/projects';
import { expectStatus, send } from './bacnet-helpers.ts';
import { grant } from './operations-helpers.ts';
import { registerAndSignIn } from './registration-helpers.ts';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from './test-app.ts';

export const v2 = '/api/v2';
export { expectStatus, send };
export const put = (c: TestClient, url: string, payload: unknown) => send(c, 'PUT', url, payload);

/** The fields of a 400's body, as {field: message}. */
export const fieldsOf = (res: Awaited<ReturnType<TestClient['get']>>) =>
  Object.fromEntries(expectStatus(res, 400).json<{ fields?: { field: string; message: string }[] }>().fields?.map((f) => [f.field, f.message]) ?? []);

export async function signedInAdmin(t: TestApp): Promise<{ admin: TestClient; rootId: number }> {
  const admin = t.client();
  await admin.signIn();
  const rootId = expectStatus(await admin.get('/api/Login'), 200).json<{ commissioning_group: { id: number } }>().commissioning_group.id;
  return { admin, rootId };
}

/**
 * One server for the whole test file, started before its tests with the administrator signed in and closed after them;
 * read the fields inside the tests (call it at the top level).
 */
export function adminServerForFile(): { readonly t: TestApp; readonly admin: TestClient; readonly rootId: number } {
  const file = {} as { t: TestApp; admin: TestClient; rootId: number };
  beforeAll(async () => {
    file.t = await createTestApp();
    Object.assign(file, await signedInAdmin(file.t));
  }, 60_000);
  afterAll(async () => file.t?.close());
  return file;
}

/** A self-registered user of their own organization (which they see), holding only `permissions`. */
export async function memberWith(t: TestApp, email: string, permissions: string[]): Promise<{ client: TestClient; groupId: number; userId: number }> {
  const client = t.client();
  const { user } = await registerAndSignIn(client, t.db, { email, group_name: `${email.split('@')[0] ?? 'member'} facilities` });
  await t.db.execute(sql`delete from user_roles where user_id = ${user.id}`);
  if (permissions.length > 0) await grant(t.db, email, `only ${permissions.join(' ')} for ${email}`, permissions);
  return { client, groupId: user.commissioning_group.id, userId: user.id };
}

export async function createContact(c: TestClient, groupId: number, over: Partial<ContactCreate> = {}): Promise<Contact> {
  return expectStatus(await c.post(`${v2}/contacts`, { first_name: 'Maria', last_name: 'Delgado', group_id: groupId, ...over }), 201).json<Contact>();
}

export const projectBody = (groupId: number, over: Partial<ProjectCreate> = {}): ProjectCreate => ({
  name: 'Central plant retrofit', address: '1200 Riverside Drive', customer_project_id: 'RMC-14', architect_project_id: 'HKA-5521',
  start_date: '2026-03-02T00:00:00.000Z', complete_date: '2026-11-20T00:00:00.000Z', estimated_cost: '2,450,000',
  owner_id: null, comm_authority_id: null, engineer_id: null, group_id: groupId, ...over,
});

export async function createProject(c: TestClient, groupId: number, over: Partial<ProjectCreate> = {}): Promise<Project> {
  return expectStatus(await c.post(`${v2}/projects`, projectBody(groupId, over)), 201).json<Project>();
}

/** The schedule tree as a client reads it. */
export async function scheduleTree(c: TestClient): Promise<ComponentNode[]> {
  return expectStatus(await c.get(`${v2}/components/schedule-tree`), 200).json<ComponentNode[]>();
}

/** The node at this path of descriptions in the tree (e.g. Air Handling Unit › Cooling › Chilled Water Coil). */
export function nodeAt(tree: readonly ComponentNode[], path: readonly string[]): ComponentNode {
  let nodes = tree;
  let found: ComponentNode | undefined;
  for (const description of path) {
    found = nodes.find((n) => n.description === description);
    if (!found) throw new Error(`no component ${path.join(' › ')}`);
    nodes = found.children;
  }
  if (!found) throw new Error('empty path');
  return found;
}

export async function createEquipment(c: TestClient, body: EquipmentCreate): Promise<Equipment> {
  return expectStatus(await c.post(`${v2}/equipments`, body), 201).json<Equipment>();
}

export const equipmentFields = { name: 'AHU-1', description: 'Surgery air handler', department: 'Surgery', model: 'CAH035', manufacturer: 'Daikin', serial: 'D-1', install_date: '2026-06-15', demo_date: null, location: 'Mechanical room 3' };
