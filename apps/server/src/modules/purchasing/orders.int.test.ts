import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Project } from '@syrx/contracts/projects';
import { purchasingMessages } from '@syrx/contracts/purchasing';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  expectStatus, fieldsOf, initiate, memberWith, orderBody, orderOf, pay, payWithCard, readCatalogue, send, signedInAdmin, updateStatus, v2,
} from './testing/purchasing-fixtures.ts';

let t: TestApp;
afterEach(async () => t?.close());

const count = async (table: string) => Number((await t.db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${table}`))).rows[0]?.n);

describe('purchase orders', () => {
  it('prices the order on the server from the catalogue, whatever prices the client sends', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const cat = await readCatalogue(admin.client);
    const [s, m, vav, chiller] = [cat.size('Syrx Controller S (8 nodes)'), cat.size('Syrx Controller M (16 nodes)'), cat.nodeType('VAV Box'), cat.nodeType('Chiller')];
    const body = orderBody(admin, [[s, 2], [m, 1], [cat.size('Syrx Controller L (32 nodes)'), 0]], [[vav, 5], [chiller, 1]]);
    // A client that tries to set its own prices and total: they are not part of the contract and change nothing.
    const tampered = {
      ...body, total: 0.5, price: 0.01,
      syrx_controller_size_quantities: body.syrx_controller_size_quantities.map((q) => ({ ...q, price: 0.01 })),
    };
    const order = await initiate(admin, tampered);

    // 2 × $2,450 + 1 × $3,950 + 5 × $89.50 + 1 × $1,250 = $10,547.50
    expect(order).toMatchObject({
      group_id: admin.groupId, user_id: admin.userId, total: 10_547.5, currency: 'usd', provider: 'test', controller_node_count: 32, node_count: 6,
      payment_intent_status: 'requires_payment_method', payment_error_message: null, paid_at: null,
    });
    expect(order.lines).toEqual([
      { kind: 'size', item_id: s.id, name: s.name, unit_price: 2450, quantity: 2, nodes_per_unit: 8, amount: 4900 },
      { kind: 'size', item_id: m.id, name: m.name, unit_price: 3950, quantity: 1, nodes_per_unit: 16, amount: 3950 },
      { kind: 'node_type', item_id: vav.id, name: 'VAV Box', unit_price: 89.5, quantity: 5, nodes_per_unit: 1, amount: 447.5 },
      { kind: 'node_type', item_id: chiller.id, name: 'Chiller', unit_price: 1250, quantity: 1, nodes_per_unit: 1, amount: 1250 },
    ]);
    expect(order.payment_intent_id).toMatch(/^pi_test_/);
    expect(order.payment_intent_client_secret).toMatch(new RegExp(`^${order.payment_intent_id}_secret_`));
    // The payment intent asks for the server's total, in cents.
    const intent = (await t.db.execute<{ amount: number; currency: string; status: string }>(sql`select amount, currency, status from test_payment_intents where id = ${order.payment_intent_id}`)).rows[0];
    expect(intent).toEqual({ amount: 1_054_750, currency: 'usd', status: 'requires_payment_method' });

    // A later price change applies to later orders only.
    expectStatus(await send(admin.client, 'PUT', `${v2}/syrx-controller-sizes/${s.id}`, { name: s.name, price: 2500, number_of_nodes: 8, sort_order: s.sort_order }), 200);
    expect((await orderOf(admin.client, order.id)).total).toBe(10_547.5);
    expect((await initiate(admin, orderBody(admin, [[s, 1]]))).total).toBe(2500);
  });

  it('takes the payment status only from the provider: a card that succeeds pays the order once, however often it is replayed', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const cat = await readCatalogue(admin.client);
    const order = await initiate(admin, orderBody(admin, [[cat.size('Syrx Controller S (8 nodes)'), 1]], [[cat.nodeType('Boiler'), 8]]));

    // The client's word that it paid changes nothing: the provider says the intent still needs a payment method.
    const claimed = await updateStatus(admin.client, order.id, { payment_intent_status: 'succeeded' });
    expect(claimed).toMatchObject({ payment_intent_status: 'requires_payment_method', paid_at: null });

    const result = await pay(admin.client, order, '4242 4242 4242 4242');
    expect(result).toMatchObject({ error: null, payment_intent: { id: order.payment_intent_id, status: 'succeeded', amount: 1_005_000, last_payment_error: null } });

    const paid = await updateStatus(admin.client, order.id);
    expect(paid).toMatchObject({ payment_intent_status: 'succeeded', payment_error_message: null });
    expect(paid.paid_at).not.toBeNull();
    // Replays: nothing doubles and nothing moves.
    await new Promise((r) => setTimeout(r, 20));
    for (let i = 0; i < 3; i++) expect(await updateStatus(admin.client, order.id)).toEqual(paid);
    const again = await payWithCard(admin.client, order, '4242 4242 4242 4242');
    expect(expectStatus(again, 200).json()).toMatchObject({
      error: { code: 'payment_intent_unexpected_state', message: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.' },
    });
    expect(await orderOf(admin.client, order.id)).toEqual(paid);
    expect([await count('purchase_orders'), await count('test_payment_intents'), await count('purchase_order_lines')]).toEqual([1, 1, 2]);

    // The payment made the order a project of its group, once: the projects list the thank-you leads to holds it.
    expect(claimed.project_id).toBeNull();
    expect(paid.project_id).not.toBeNull();
    const projects = expectStatus(await admin.client.get(`${v2}/groups/${admin.groupId}/projects`), 200).json<{ items: Project[]; total: number }>();
    expect(projects.items).toEqual([expect.objectContaining({
      id: paid.project_id, name: `Order ${order.id}`, group_id: admin.groupId, estimated_cost: '10050.00', start_date: paid.paid_at,
      complete_date: null, owner_id: null,
    })]);
    expect(await count('projects')).toBe(1);
  });

  it('leaves the order unpaid with the provider\'s message when the card is declined, and lets another card pay it', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const cat = await readCatalogue(admin.client);
    const order = await initiate(admin, orderBody(admin, [[cat.size('Syrx Controller M (16 nodes)'), 1]]));

    const declined = await pay(admin.client, order, '4000 0000 0000 0002');
    expect(declined.error).toEqual({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    expect(declined.payment_intent.status).toBe('requires_payment_method');
    expect(await orderOf(admin.client, order.id)).toMatchObject({ payment_intent_status: 'requires_payment_method', payment_error_message: 'Your card was declined.', paid_at: null });
    expect(await updateStatus(admin.client, order.id)).toMatchObject({ payment_intent_status: 'requires_payment_method', payment_error_message: 'Your card was declined.', paid_at: null });

    const poor = await pay(admin.client, order, '4000000000009995');
    expect(poor.error).toEqual({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect(await orderOf(admin.client, order.id)).toMatchObject({ payment_error_message: 'Your card has insufficient funds.', paid_at: null });

    // A malformed number never reaches the intent: the order keeps the last decline.
    const typo = await pay(admin.client, order, '4242 4242 4242 4241');
    expect(typo.error).toEqual({ type: 'validation_error', code: 'invalid_number', decline_code: null, message: 'Your card number is invalid.' });
    expect((await orderOf(admin.client, order.id)).payment_error_message).toBe('Your card has insufficient funds.');

    await pay(admin.client, order, '4242424242424242');
    const paid = await updateStatus(admin.client, order.id);
    expect(paid).toMatchObject({ payment_intent_status: 'succeeded', payment_error_message: null });
    expect(paid.paid_at).not.toBeNull();
  });

  it('pays an intent only with its client secret', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const cat = await readCatalogue(admin.client);
    const order = await initiate(admin, orderBody(admin, [[cat.size('Syrx Controller S (8 nodes)'), 1]]));
    expectStatus(await payWithCard(admin.client, order, '4242424242424242', { client_secret: `${order.payment_intent_id}_secret_guessed` }), 404);
    expectStatus(await admin.client.post(`${v2}/purchasing/test-payment-intents/pi_test_nothere/confirm`, { client_secret: 'x', card: { number: '4242424242424242', exp_month: 1, exp_year: 40, cvc: '1' } }), 404);
    expect((await orderOf(admin.client, order.id)).payment_intent_status).toBe('requires_payment_method');
  });

  it('refuses orders for another group or in another user\'s name, and hides orders of groups one cannot see', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const cat = await readCatalogue(admin.client);
    const outsider = await memberWith(t, 'okafor@example.com', ['projects_manage']);
    const sizes: [typeof cat.sizes[number], number][] = [[cat.size('Syrx Controller S (8 nodes)'), 1]];

    // The root group is not theirs to buy for.
    const foreign = await outsider.client.post(`${v2}/purchasing/initiate`, orderBody({ ...outsider, groupId: admin.groupId }, sizes));
    expect(foreign.statusCode).toBe(404);
    // Nor may they order in the administrator's name, even for their own group.
    const impostor = await outsider.client.post(`${v2}/purchasing/initiate`, orderBody({ ...outsider, userId: admin.userId }, sizes));
    expect(impostor.statusCode).toBe(403);
    expect(impostor.json<{ message: string }>().message).toBe(purchasingMessages.notYourself);
    expect(await count('purchase_orders')).toBe(0);

    const adminsOrder = await initiate(admin, orderBody(admin, sizes));
    expectStatus(await outsider.client.get(`${v2}/purchasing/${adminsOrder.id}`), 404);
    expectStatus(await outsider.client.post(`${v2}/purchasing/${adminsOrder.id}/update-status`, {}), 404);

    // Their own group: fine. The administrator sees the order (every group) but not the secret that pays it.
    const own = await initiate(outsider, orderBody(outsider, sizes));
    expect(own.group_id).toBe(outsider.groupId);
    expect((await orderOf(admin.client, own.id)).payment_intent_client_secret).toBeNull();
    expect((await orderOf(outsider.client, own.id)).payment_intent_client_secret).toBe(own.payment_intent_client_secret);

    const anonymous = t.client();
    await anonymous.get('/api/Login'); // takes the CSRF cookie, as the page would
    expectStatus(await anonymous.post(`${v2}/purchasing/initiate`, orderBody(admin, sizes)), 401);
  });

  it('answers bad orders with 400 naming the field', async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t);
    const cat = await readCatalogue(admin.client);
    const [s, l, vav] = [cat.size('Syrx Controller S (8 nodes)'), cat.size('Syrx Controller L (32 nodes)'), cat.nodeType('VAV Box')];
    const refuse = async (body: object) => {
      const res = await admin.client.post(`${v2}/purchasing/initiate`, body);
      expect(res.statusCode, res.body).toBe(400);
      return fieldsOf(res);
    };
    const good = orderBody(admin, [[s, 1]], [[vav, 2]]);

    expect(await refuse(orderBody(admin, [[s, -1]]))).toEqual({ 'syrx_controller_size_quantities.0.quantity': purchasingMessages.quantityMin });
    expect(await refuse(orderBody(admin, [[s, 1.5]]))).toEqual({ 'syrx_controller_size_quantities.0.quantity': purchasingMessages.quantityWhole });
    expect(await refuse({ ...good, syrx_controller_node_type_quantities: [{ syrx_controller_node_type_id: vav.id, quantity: '2' }] }))
      .toEqual({ 'syrx_controller_node_type_quantities.0.quantity': purchasingMessages.quantityRequired });
    expect(await refuse({ ...good, syrx_controller_node_type_quantities: [{ syrx_controller_node_type_id: vav.id }] }))
      .toEqual({ 'syrx_controller_node_type_quantities.0.quantity': purchasingMessages.quantityRequired });
    expect(await refuse(orderBody(admin, [[s, 0]], [[vav, 0]]))).toEqual({ syrx_controller_size_quantities: purchasingMessages.nothingChosen });
    expect(await refuse({ ...good, group_id: undefined })).toHaveProperty('group_id');
    expect(await refuse({ ...good, syrx_controller_size_quantities: undefined })).toHaveProperty('syrx_controller_size_quantities');
    expect(await refuse({ ...good, syrx_controller_size_quantities: [{ syrx_controller_size_id: 99_999, quantity: 1 }] }))
      .toEqual({ 'syrx_controller_size_quantities.0.syrx_controller_size_id': purchasingMessages.unknownSize });
    expect(await refuse(orderBody(admin, [[s, 1], [s, 2]]))).toEqual({ 'syrx_controller_size_quantities.1.syrx_controller_size_id': purchasingMessages.duplicate });
    // 200 × $6,750 = $1,350,000: more than one card payment may take.
    expect(await refuse(orderBody(admin, [[l, 200]]))).toEqual({ total: purchasingMessages.totalTooLarge });
    expect(await count('purchase_orders')).toBe(0);

    expectStatus(await admin.client.get(`${v2}/purchasing/abc`), 400);
    expectStatus(await admin.client.get(`${v2}/purchasing/424242`), 404);
  });
});
