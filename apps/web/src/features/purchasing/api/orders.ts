import { useMutation } from '@tanstack/react-query';
import type { InitiatePurchase, PurchaseOrder, TestPaymentConfirm, TestPaymentConfirmResult } from '@syrx/contracts/purchasing';
import { ordersRoutes } from '@syrx/contracts/routes/purchasing';
import { callRoute } from '../../../lib/api-client';

/** POST /api/v2/purchasing/initiate: the server prices the order and creates its payment intent. */
export function useInitiatePurchase() {
  return useMutation({
    mutationFn: (body: InitiatePurchase): Promise<PurchaseOrder> => callRoute(ordersRoutes.initiate, { body }),
  });
}

/** POST /api/v2/purchasing/{id}/update-status: the server asks the payment provider how the payment stands. */
export const updateOrderStatus = (id: number): Promise<PurchaseOrder> =>
  callRoute(ordersRoutes.updateStatus, { params: { id } });

/** POST /api/v2/purchasing/test-payment-intents/{id}/confirm: the test mode's confirmCardPayment. */
export const confirmTestPayment = (intentId: string, body: TestPaymentConfirm): Promise<TestPaymentConfirmResult> =>
  callRoute(ordersRoutes.confirmTestPayment, { params: { id: intentId }, body });
