import { useState } from 'react';
import type { PaymentIntentStatus, PurchaseOrder } from '@syrx/contracts/purchasing';
import { updateOrderStatus } from '../api/orders';

/** What confirming a card payment gave: Stripe.js's confirmCardPayment, or the test mode's stand-in. */
export interface ConfirmOutcome {
  /** The provider's message, shown under the card field. */
  error: string | null;
  status: PaymentIntentStatus | null;
}

/**
 * Spec 02 section 4: processing is on while paying and off on an order result or a card error; a card error is shown
 * under the card field and processing stops. Without an error the order's status is updated (the server asks the
 * provider), and `onOrder` receives the order as the server now has it.
 */
export function useCardPayment(order: PurchaseOrder, onOrder: (order: PurchaseOrder) => void) {
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  async function pay(confirm: (clientSecret: string) => Promise<ConfirmOutcome>): Promise<void> {
    if (processing || !order.payment_intent_client_secret) return;
    setProcessing(true);
    setCardError(null);
    try {
      const outcome = await confirm(order.payment_intent_client_secret);
      if (outcome.error !== null) {
        setCardError(outcome.error);
        return;
      }
      const updated = await updateOrderStatus(order.id);
      onOrder(updated);
      if (updated.payment_intent_status !== 'succeeded' && updated.payment_intent_status !== 'processing') {
        setCardError(updated.payment_error_message ?? 'The payment was not completed. Please try again.');
      }
    } catch (error) {
      setCardError(error instanceof Error ? error.message : 'The payment could not be completed. Please try again.');
    } finally {
      setProcessing(false);
    }
  }

  return { processing, cardError, setCardError, pay };
}
