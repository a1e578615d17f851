import { useQuery } from '@tanstack/react-query';
import type { PaymentMode } from '@syrx/contracts/purchasing';
import { clientConfigQueryOptions } from '../../../lib/client-config';

export type PaymentSetup = { mode: 'stripe'; publishableKey: string } | { mode: 'test' };

/** How cards are paid on this deployment (GET /api/v2/client-config); undefined while loading. */
export function usePaymentSetup(): { setup: PaymentSetup | undefined; error: Error | null } {
  const query = useQuery(clientConfigQueryOptions);
  const data = query.data;
  if (!data) return { setup: undefined, error: query.error };
  const mode: PaymentMode = data.payment_mode;
  return { setup: mode === 'stripe' && data.stripe_publishable_key ? { mode, publishableKey: data.stripe_publishable_key } : { mode: 'test' }, error: null };
}
