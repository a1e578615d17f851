import Stripe from 'stripe';
import { AppError } from '@syrx/contracts/errors';
import { type PaymentError, type PaymentIntentStatus, paymentIntentStatuses } from '@syrx/contracts/purchasing';
import type { PaymentIntentView, PaymentProvider } from './payment-provider.ts';

/** A verified webhook event; `intent` is set for payment_intent.* events. */
export interface WebhookEvent {
  id: string;
  type: string;
  intent: PaymentIntentView | null;
}

export interface StripePaymentProvider extends PaymentProvider {
  readonly mode: 'stripe';
  /** Whether a webhook signing secret is configured (else the webhook route answers 404). */
  readonly acceptsWebhooks: boolean;
  /** Checks the Stripe-Signature header against the raw body (400 when it does not match) and reads the event. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string | undefined;
  /** Tests replace the HTTP client (Stripe.createFetchHttpClient with a fake fetch); there is no network in CI. */
  httpClient?: ReturnType<typeof Stripe.createFetchHttpClient>;
}

const unreachable = 'The payment provider could not be reached or refused the request. Please try again later.';

function toStatus(status: string): PaymentIntentStatus | null {
  return paymentIntentStatuses.find((s) => s === status) ?? null;
}

function toError(e: Stripe.PaymentIntent['last_payment_error']): PaymentError | null {
  if (!e) return null;
  return {
    type: e.type === 'card_error' ? 'card_error' : 'invalid_request_error',
    code: e.code ?? 'payment_failed',
    decline_code: e.decline_code ?? null,
    message: e.message ?? 'The payment failed.',
  };
}

/** Stripe's PaymentIntent as the rest of the server sees any provider's; null for a status this server does not know. */
export function intentView(pi: Stripe.PaymentIntent): PaymentIntentView | null {
  const status = toStatus(pi.status);
  if (!status) return null;
  return { id: pi.id, clientSecret: pi.client_secret ?? '', amount: pi.amount, currency: pi.currency, status, lastPaymentError: toError(pi.last_payment_error) };
}

/** Calls Stripe, turning its failures into a 502 for the client (the details go to the log through the cause). */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const failure = new AppError('internal', 502, unreachable);
    failure.cause = err instanceof Stripe.errors.StripeError ? `${what}: ${err.type} ${err.code ?? ''} ${err.message}` : err;
    throw failure;
  }
}

/** Card payments through Stripe (used when STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are set). */
export function createStripePaymentProvider(opts: StripeOptions): StripePaymentProvider {
  const stripe = new Stripe(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Syrx Console' },
    ...(opts.httpClient ? { httpClient: opts.httpClient } : {}),
  });

  function viewOf(pi: Stripe.PaymentIntent): PaymentIntentView {
    const view = intentView(pi);
    if (!view) throw new AppError('internal', 502, `The payment provider reported the unknown payment status ${pi.status}.`);
    return view;
  }

  return {
    mode: 'stripe',
    acceptsWebhooks: opts.webhookSecret !== undefined,

    async createIntent(input) {
      const pi = await call('create payment intent', () => stripe.paymentIntents.create(
        { amount: input.amount, currency: input.currency, allowed_payment_method_types: ['card'], description: input.description, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      ));
      return viewOf(pi);
    },

    async retrieveIntent(id) {
      return viewOf(await call('retrieve payment intent', () => stripe.paymentIntents.retrieve(id)));
    },

    verifyWebhook(rawBody, signature) {
      if (!opts.webhookSecret) throw AppError.notFound('The Stripe webhook');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', opts.webhookSecret);
      } catch {
        throw new AppError('bad_request', 400, 'The webhook signature could not be verified.', [{ field: 'stripe-signature', message: 'The signature does not match the payload.' }]);
      }
      const intent = event.type.startsWith('payment_intent.') ? intentView(event.data.object as Stripe.PaymentIntent) : null;
      return { id: event.id, type: event.type, intent };
    },
  };
}
