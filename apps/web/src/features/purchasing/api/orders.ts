import { useMutation } from '@tanstack/react-query';
import {
  type InitiatePurchase, type PurchaseOrder, purchaseOrderSchema, type TestPaymentConfirm, type TestPaymentConfirmResult, testPaymentConfirmResultSchema,
} from '@syrx/contracts/purchasing';
import { v2Api } from '../../../lib/api-client';

/** POST /api/v2/purchasing/initiate: the server prices the order and creates its payment intent. */
export function useInitiatePurchase() {
  return useMutation({
    mutationFn: (body: InitiatePurchase): Promise<PurchaseOrder> => v2Api('/purchasing/initiate', { method: 'POST', body, schema: purchaseOrderSchema }),
  });
}

/** POST /api/v2/purchasing/{id}/update-status: the server asks the payment provider how the payment stands. */
export const updateOrderStatus = (id: number): Promise<PurchaseOrder> =>
  v2Api(`/purchasing/${id}/update-status`, { method: 'POST', schema: purchaseOrderSchema });

/** POST /api/v2/purchasing/test-payment-intents/{id}/confirm: the test mode's confirmCardPayment. */
export const confirmTestPayment = (intentId: string, body: TestPaymentConfirm): Promise<TestPaymentConfirmResult> =>
  v2Api(`/purchasing/test-payment-intents/${encodeURIComponent(intentId)}/confirm`, { method: 'POST', body, schema: testPaymentConfirmResultSchema });
