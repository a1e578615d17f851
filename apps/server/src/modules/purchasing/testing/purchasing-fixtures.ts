import { sql } from 'drizzle-orm';
import type { ControllerSize, InitiatePurchase, NodeCategory, NodeType, PurchaseOrder, TestPaymentConfirmResult } from '@syrx/contracts/purchasing';
import { expectStatus, send } from '../../../test/bacnet-helpers.ts';
import { grant } from '../../../test/operations-helpers.ts';
import { registerAndSignIn } from '../../../test/registration-helpers.ts';
import type { TestApp, TestClient } from '../../../test/test-app.ts';

export const v2 = '/api/v2';
export { expectStatus, send };

export interface Buyer {
  client: TestClient;
  userId: number;
  groupId: number;
}

/** The administrator, signed in, with their id and current group (the root group). */
export async function signedInAdmin(t: TestApp): Promise<Buyer> {
  const client = t.client();
  const me = expectStatus(await client.signIn(), 200).json<{ id: number; commissioning_group: { id: number } }>();
  return { client, userId: me.id, groupId: me.commissioning_group.id };
}

/** A self-registered user of their own organization holding only `permissions` (none: a plain member). */
export async function memberWith(t: TestApp, email: string, permissions: string[] = []): Promise<Buyer> {
  const client = t.client();
  const { user } = await registerAndSignIn(client, t.db, { email, group_name: `${email.split('@')[0] ?? 'member'} facilities` });
  await t.db.execute(sql`delete from user_roles where user_id = ${user.id}`);
  if (permissions.length > 0) await grant(t.db, email, `only ${permissions.join(' ')} for ${email}`, permissions);
  return { client, userId: user.id, groupId: user.commissioning_group.id };
}

export interface Catalogue {
  sizes: ControllerSize[];
  categories: NodeCategory[];
  nodeTypes: NodeType[];
  size(name: string): ControllerSize;
  nodeType(name: string): NodeType;
}

/** The catalogue as a client reads it, with look-ups by name. */
export async function readCatalogue(c: TestClient): Promise<Catalogue> {
  const sizes = expectStatus(await c.get(`${v2}/syrx-controller-sizes`), 200).json<ControllerSize[]>();
  const categories = expectStatus(await c.get(`${v2}/syrx-controller-node-categories`), 200).json<NodeCategory[]>();
  const nodeTypes = expectStatus(await c.get(`${v2}/syrx-controller-node-types`), 200).json<NodeType[]>();
  const by = <T extends { name: string }>(list: T[], name: string): T => {
    const found = list.find((i) => i.name === name);
    if (!found) throw new Error(`no catalogue item ${name}`);
    return found;
  };
  return { sizes, categories, nodeTypes, size: (n) => by(sizes, n), nodeType: (n) => by(nodeTypes, n) };
}

/** An order body: controller sizes and node types by id with their quantities. */
export function orderBody(b: Buyer, sizes: [ControllerSize, number][], nodeTypes: [NodeType, number][] = []): InitiatePurchase {
  return {
    group_id: b.groupId,
    user_id: b.userId,
    syrx_controller_size_quantities: sizes.map(([s, quantity]) => ({ syrx_controller_size_id: s.id, quantity })),
    syrx_controller_node_type_quantities: nodeTypes.map(([n, quantity]) => ({ syrx_controller_node_type_id: n.id, quantity })),
  };
}

export async function initiate(b: Buyer, body: object): Promise<PurchaseOrder> {
  return expectStatus(await b.client.post(`${v2}/purchasing/initiate`, body), 201).json<PurchaseOrder>();
}

/** Pays an order's intent in test mode as the browser does, with a card expiring in 12/2040 and CVC 123. */
export async function payWithCard(c: TestClient, order: PurchaseOrder, number: string, over: { client_secret?: string } = {}) {
  return c.post(`${v2}/purchasing/test-payment-intents/${order.payment_intent_id ?? ''}/confirm`, {
    client_secret: over.client_secret ?? order.payment_intent_client_secret,
    card: { number, exp_month: 12, exp_year: 2040, cvc: '123' },
  });
}

export async function pay(c: TestClient, order: PurchaseOrder, number: string): Promise<TestPaymentConfirmResult> {
  return expectStatus(await payWithCard(c, order, number), 200).json<TestPaymentConfirmResult>();
}

export async function orderOf(c: TestClient, id: number): Promise<PurchaseOrder> {
  return expectStatus(await c.get(`${v2}/purchasing/${id}`), 200).json<PurchaseOrder>();
}

/** POST …/update-status without a body, as the browser sends it (or with `body`, as a meddling client might). */
export async function updateStatus(c: TestClient, id: number, body?: object): Promise<PurchaseOrder> {
  const url = `${v2}/purchasing/${id}/update-status`;
  return expectStatus(await (body ? c.post(url, body) : c.request({ method: 'POST', url })), 200).json<PurchaseOrder>();
}

/** The fields of a 400 answer, as { field: message }. */
export function fieldsOf(res: { json<T>(): T }): Record<string, string> {
  return Object.fromEntries(res.json<{ fields?: { field: string; message: string }[] }>().fields?.map((f) => [f.field, f.message]) ?? []);
}
