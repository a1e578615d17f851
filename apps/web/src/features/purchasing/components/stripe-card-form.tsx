import { type FormEvent } from 'react';
import { Button } from 'antd';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { formatUsd, paymentIntentStatuses, type PurchaseOrder, toCents } from '@syrx/contracts/purchasing';
import { useCardPayment } from '../hooks/use-card-payment';
import { CardError } from './card-error';

// Stripe.js is fetched from js.stripe.com only when a Stripe-mode payment opens (the pure entry point loads nothing on import).
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

interface Props {
  order: PurchaseOrder;
  onOrder: (order: PurchaseOrder) => void;
}

function StripeCardFields({ order, onOrder }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const { processing, cardError, setCardError, pay } = useCardPayment(order, onOrder);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    void pay(async (clientSecret) => {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      const status = paymentIntentStatuses.find((s) => s === result.paymentIntent?.status) ?? null;
      return { error: result.error ? (result.error.message ?? 'The payment failed.') : null, status };
    });
  };

  return (
    <form aria-label="Card payment" onSubmit={submit} style={{ maxWidth: 560 }}>
      <div style={{ border: '1px solid #d9d9d9', borderRadius: 8, padding: 12 }}>
        <CardElement options={{ hidePostalCode: true, disabled: processing }} onChange={(e) => setCardError(e.error?.message ?? null)} />
      </div>
      <CardError message={cardError} />
      <Button type="primary" htmlType="submit" loading={processing} disabled={!stripe} style={{ marginTop: 8 }}>
        Pay {formatUsd(toCents(order.total))}
      </Button>
    </form>
  );
}

/** The card field through Stripe Elements; Stripe.js confirms the payment with the order's client secret. */
export function StripeCardForm({ publishableKey, ...props }: Props & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
