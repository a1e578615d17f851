import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { AppError } from '@syrx/contracts/errors';
import { createStripePaymentProvider } from './stripe-payment-provider.ts';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: URLSearchParams;
}

/** Stripe's API as far as these calls need it, answering through the SDK's own fetch client: no network. */
function fakeStripe(answer: (sent: Sent) => { status: number; body: object }) {
  const sent: Sent[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const call: Sent = {
      url: input instanceof Request ? input.url : input.toString(), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: new URLSearchParams(typeof init?.body === 'string' ? init.body : ''),
    };
    sent.push(call);
    const { status, body } = answer(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_fake' } });
  };
  const provider = createStripePaymentProvider({ secretKey: 'sk_test_syrx', webhookSecret: undefined, httpClient: Stripe.createFetchHttpClient(fetchFn) });
  return { provider, sent };
}

const intent = (over: object = {}) => ({
  id: 'pi_3Syrx', object: 'payment_intent', amount: 1_054_750, currency: 'usd', status: 'requires_payment_method', client_secret: 'pi_3Syrx_secret_abc',
  last_payment_error: null, ...over,
});

describe('the Stripe payment provider', () => {
  it('creates the intent with the order\'s amount, cards only, and an idempotency key', async () => {
    const { provider, sent } = fakeStripe(() => ({ status: 200, body: intent() }));
    const created = await provider.createIntent({ amount: 1_054_750, currency: 'usd', idempotencyKey: 'syrx-purchase-order-7', description: 'Syrx Console order 7', metadata: { order_id: '7' } });
    expect(created).toEqual({ id: 'pi_3Syrx', clientSecret: 'pi_3Syrx_secret_abc', amount: 1_054_750, currency: 'usd', status: 'requires_payment_method', lastPaymentError: null });
    const [call] = sent;
    expect(call?.method).toBe('POST');
    expect(call?.url).toMatch(/^https:\/\/api\.stripe\.com(:443)?\/v1\/payment_intents$/);
    expect(call?.headers.get('idempotency-key')).toBe('syrx-purchase-order-7');
    expect(call?.headers.get('authorization')).toBe('Bearer sk_test_syrx');
    expect(Object.fromEntries(call?.body ?? [])).toMatchObject({ amount: '1054750', currency: 'usd', 'allowed_payment_method_types[0]': 'card', 'metadata[order_id]': '7' });
  });

  it('reads the intent back with Stripe\'s last payment error', async () => {
    const declined = { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    const { provider, sent } = fakeStripe(() => ({ status: 200, body: intent({ last_payment_error: declined }) }));
    expect((await provider.retrieveIntent('pi_3Syrx')).lastPaymentError).toEqual(declined);
    expect(sent[0]?.url).toMatch(/\/v1\/payment_intents\/pi_3Syrx$/);
  });

  it('answers 502 when Stripe refuses, and never passes an unknown status off as a known one', async () => {
    const refusing = fakeStripe(() => ({ status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } } }));
    const failure = await refusing.provider.retrieveIntent('pi_3Syrx').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ status: 502 });
    expect((failure as AppError).message).not.toMatch(/sk_test/);

    const odd = fakeStripe(() => ({ status: 200, body: intent({ status: 'requires_teleportation' }) }));
    await expect(odd.provider.retrieveIntent('pi_3Syrx')).rejects.toMatchObject({ status: 502 });
  });

  it('refuses webhooks when no signing secret is configured', () => {
    const { provider } = fakeStripe(() => ({ status: 500, body: {} }));
    expect(provider.acceptsWebhooks).toBe(false);
    expect(() => provider.verifyWebhook(Buffer.from('{}'), 't=1,v1=abc')).toThrow(AppError);
  });
});
