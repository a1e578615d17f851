import type { PaymentError, PaymentIntentStatus, PaymentMode } from '@syrx/contracts/purchasing';

/** A payment intent as the provider reports it: what the server trusts about a payment. */
export interface PaymentIntentView {
  id: string;
  clientSecret: string;
  /** Cents. */
  amount: number;
  currency: string;
  status: PaymentIntentStatus;
  lastPaymentError: PaymentError | null;
}

export interface CreateIntentInput {
  /** Cents. */
  amount: number;
  currency: string;
  /** The same key gives the same intent: a retried create never makes a second one. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/**
 * Where card payments are made: Stripe (`stripe-payment-provider.ts`) when its keys are configured, else the offline
 * test mode (`test-payment-provider.ts`), whose intents live in the database with Stripe's states.
 */
export interface PaymentProvider {
  readonly mode: PaymentMode;
  createIntent(input: CreateIntentInput): Promise<PaymentIntentView>;
  /** The intent as the provider holds it now (never what a client says about it). */
  retrieveIntent(id: string): Promise<PaymentIntentView>;
}
