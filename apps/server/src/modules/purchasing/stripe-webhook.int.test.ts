import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { purchaseOrders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectStatus, orderOf, signedInAdmin, v2 } from './testing/purchasing-fixtures.ts';

let t: TestApp;
afterEach(async () => t?.close());

const secret = 'whsec_test_syrx_webhook_secret';
const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_syrx', STRIPE_PUBLISHABLE_KEY: 'pk_test_syrx', STRIPE_WEBHOOK_SECRET: secret };
const url = `${v2}/purchasing/stripe-webhook`;

/** An order as initiate leaves it in Stripe mode, paid by the intent `intentId` (no call to Stripe: there is no network). */
async function stripeOrder(t: TestApp, intentId: string, totalCents: number): Promise<number> {
  const admin = await signedInAdmin(t);
  const [row] = await t.db.insert(purchaseOrders).values({
    groupId: admin.groupId, userId: admin.userId, totalCents, nodeCount: 0, provider: 'stripe',
    paymentIntentId: intentId, paymentIntentClientSecret: `${intentId}_secret_abc`, paymentIntentStatus: 'requires_payment_method',
  }).returning({ id: purchaseOrders.id });
  if (!row) throw new Error('order not stored');
  return row.id;
}

function event(id: string, type: string, intent: { id: string; amount: number; status: string; last_payment_error?: object | null }): string {
  return JSON.stringify({
    id, object: 'event', type, api_version: '2026-10-28.endive', created: 1_780_000_000, livemode: false, pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { object: 'payment_intent', currency: 'usd', client_secret: `${intent.id}_secret_abc`, last_payment_error: null, ...intent } },
  });
}

/** Delivers an event as Stripe does: the raw JSON with its Stripe-Signature header, no session, no CSRF token. */
function deliver(t: TestApp, payload: string, signature = Stripe.webhooks.generateTestHeaderString({ payload, secret })) {
  return t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}

const row = async (t: TestApp, id: number) => (await t.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)))[0];

describe('the Stripe webhook', () => {
  it('applies a correctly signed payment_intent event once, however often Stripe delivers it', async () => {
    t = await createTestApp(stripeEnv);
    const orderId = await stripeOrder(t, 'pi_3SyrxPaid', 1_054_750);
    const succeeded = event('evt_paid_1', 'payment_intent.succeeded', { id: 'pi_3SyrxPaid', amount: 1_054_750, status: 'succeeded' });

    expect(expectStatus(await deliver(t, succeeded), 200).json()).toEqual({ received: true, duplicate: false });
    const paid = await row(t, orderId);
    expect(paid).toMatchObject({ paymentIntentStatus: 'succeeded', paymentErrorMessage: null });
    expect(paid?.paidAt).toBeInstanceOf(Date);

    // Redelivered (Stripe retries until it sees a 2xx): acknowledged, nothing changes.
    await new Promise((r) => setTimeout(r, 20));
    expect(expectStatus(await deliver(t, succeeded), 200).json()).toEqual({ received: true, duplicate: true });
    expect(await row(t, orderId)).toEqual(paid);
    // A late failure event for a paid intent cannot undo the payment.
    const late = event('evt_late_2', 'payment_intent.payment_failed', { id: 'pi_3SyrxPaid', amount: 1_054_750, status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    expectStatus(await deliver(t, late), 200);
    expect(await row(t, orderId)).toEqual(paid);
    expect(Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from payment_webhook_events`)).rows[0]?.n)).toBe(2);

    // The buyer reads the paid order.
    const admin = await signedInAdmin(t);
    expect(await orderOf(admin.client, orderId)).toMatchObject({ provider: 'stripe', payment_intent_status: 'succeeded', total: 10_547.5 });
    // The payment made one project of the order, however often it was delivered.
    const projects = (await t.db.execute<{ id: number; name: string }>(sql`select id, name from projects`)).rows;
    expect(projects).toEqual([{ id: paid?.projectId, name: `Order ${orderId}` }]);
  });

  it('records a decline with Stripe\'s message, and ignores an event whose amount is not the order\'s', async () => {
    t = await createTestApp(stripeEnv);
    const orderId = await stripeOrder(t, 'pi_3SyrxDeclined', 395_000);
    const failed = event('evt_fail_1', 'payment_intent.payment_failed', {
      id: 'pi_3SyrxDeclined', amount: 395_000, status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    expectStatus(await deliver(t, failed), 200);
    expect(await row(t, orderId)).toMatchObject({ paymentIntentStatus: 'requires_payment_method', paymentErrorMessage: 'Your card has insufficient funds.', paidAt: null });

    const wrongAmount = event('evt_cheap_2', 'payment_intent.succeeded', { id: 'pi_3SyrxDeclined', amount: 50, status: 'succeeded' });
    expectStatus(await deliver(t, wrongAmount), 200);
    expect(await row(t, orderId)).toMatchObject({ paymentIntentStatus: 'requires_payment_method', paidAt: null });

    // Events of other kinds and of unknown intents are acknowledged and change nothing.
    expectStatus(await deliver(t, event('evt_other_3', 'payment_intent.succeeded', { id: 'pi_3Elsewhere', amount: 395_000, status: 'succeeded' })), 200);
    expectStatus(await deliver(t, JSON.stringify({ id: 'evt_charge_4', object: 'event', type: 'charge.succeeded', data: { object: { object: 'charge', id: 'ch_1' } } })), 200);
    expect((await row(t, orderId))?.paidAt).toBeNull();
  });

  it('refuses a bad signature with 400 and applies nothing', async () => {
    t = await createTestApp(stripeEnv);
    const orderId = await stripeOrder(t, 'pi_3SyrxForged', 245_000);
    const payload = event('evt_forged_1', 'payment_intent.succeeded', { id: 'pi_3SyrxForged', amount: 245_000, status: 'succeeded' });

    const refusals = [
      await deliver(t, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })),
      // Signed, then changed on the way.
      await deliver(t, payload.replace('"evt_forged_1"', '"evt_forged_2"'), Stripe.webhooks.generateTestHeaderString({ payload, secret })),
      // Signed five minutes ago and more: a replay.
      await deliver(t, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 600 })),
      await deliver(t, payload, ''),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('The webhook signature could not be verified.');
    }
    expect(await row(t, orderId)).toMatchObject({ paymentIntentStatus: 'requires_payment_method', paidAt: null });
    expect(Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from payment_webhook_events`)).rows[0]?.n)).toBe(0);
  });

  it('tells the web client to use Stripe.js, and offers no test-mode payments or webhook in the other mode', async () => {
    t = await createTestApp(stripeEnv);
    const admin = await signedInAdmin(t);
    expect((await admin.client.get(`${v2}/client-config`)).json()).toMatchObject({ payment_mode: 'stripe', stripe_publishable_key: 'pk_test_syrx' });
    const confirm = await admin.client.post(`${v2}/purchasing/test-payment-intents/pi_test_abc/confirm`, { client_secret: 'pi_test_abc_secret_x', card: { number: '4242424242424242', exp_month: 12, exp_year: 40, cvc: '123' } });
    expect(confirm.statusCode).toBe(404);
    await t.close();

    t = await createTestApp();
    const payload = event('evt_1', 'payment_intent.succeeded', { id: 'pi_1', amount: 100, status: 'succeeded' });
    expect((await deliver(t, payload)).statusCode).toBe(404);
  });
});
