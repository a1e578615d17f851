import { randomBytes } from 'node:crypto';
import { AppError } from '@syrx/contracts/errors';
import type { PaymentError, TestPaymentConfirm } from '@syrx/contracts/purchasing';
import type { DbOrTx } from '../../db/client.ts';
import { safeEqual } from '../../lib/tokens.ts';
import type { PaymentIntentView, PaymentProvider } from './payment-provider.ts';
import { testCardOutcome } from './test-cards.ts';
import { confirmableStatuses, testPaymentIntentsRepo as repo } from './test-payment-intents.repo.ts';

export interface TestConfirmResult {
  intent: PaymentIntentView;
  /** Why the payment did not go through (shown under the card field), or null. */
  error: PaymentError | null;
}

export interface TestPaymentProvider extends PaymentProvider {
  readonly mode: 'test';
  /** The stand-in for Stripe.js's confirmCardPayment: pays the intent whose client secret is given with a card. */
  confirm(id: string, clientSecret: string, card: TestPaymentConfirm['card']): Promise<TestConfirmResult>;
}

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

function unexpectedState(intent: PaymentIntentView): TestConfirmResult {
  const message = intent.status === 'succeeded'
    ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
    : `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`;
  return { intent, error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', decline_code: null, message } };
}

/**
 * The offline payment provider used when no Stripe keys are configured: PaymentIntents with Stripe's states kept in
 * test_payment_intents, paid with Stripe's test card numbers (test-cards.ts). No money moves.
 */
export function createTestPaymentProvider(db: DbOrTx, now: () => Date = () => new Date()): TestPaymentProvider {
  return {
    mode: 'test',

    async createIntent(input) {
      const id = `pi_test_${token(18)}`;
      return repo.insertOnce(db, { id, clientSecret: `${id}_secret_${token(18)}`, amount: input.amount, currency: input.currency, idempotencyKey: input.idempotencyKey });
    },

    async retrieveIntent(id) {
      const intent = await repo.find(db, id);
      if (!intent) throw new AppError('internal', 502, 'The payment could not be found at the payment provider.');
      return intent;
    },

    async confirm(id, clientSecret, card) {
      const intent = await repo.find(db, id);
      // Stripe answers an unknown intent and a wrong secret alike.
      if (!intent || !safeEqual(intent.clientSecret, clientSecret)) throw AppError.notFound('The payment intent');
      if (!confirmableStatuses.includes(intent.status)) return unexpectedState(intent);
      const outcome = testCardOutcome(card, now());
      // A malformed card never reaches the intent (Stripe.js refuses it first).
      if (outcome.kind === 'validation_error') return { intent, error: outcome.error };
      const settled = outcome.kind === 'succeeded'
        ? await repo.settle(db, id, 'succeeded', null)
        : await repo.settle(db, id, 'requires_payment_method', outcome.error);
      if (!settled) return unexpectedState((await repo.find(db, id)) ?? intent);
      return { intent: settled, error: outcome.kind === 'succeeded' ? null : outcome.error };
    },
  };
}
