import type { ControllerSize, InitiatePurchase, NodeCategory, NodeType, PurchaseOrder, TestPaymentConfirm } from '@syrx/contracts/purchasing';
import type { Handler, Reply } from './fake-api';

export const fakeSizes: ControllerSize[] = [
  { id: 1, name: 'Syrx Controller S (8 nodes)', price: 2450, number_of_nodes: 8, sort_order: 10 },
  { id: 2, name: 'Syrx Controller M (16 nodes)', price: 3950, number_of_nodes: 16, sort_order: 20 },
];
export const fakeCategories: NodeCategory[] = [
  { id: 5, name: 'HVAC Equipment', sort_order: 10 },
  { id: 6, name: 'Building Level Metering', sort_order: 20 },
];
export const fakeNodeTypes: NodeType[] = [
  { id: 11, name: 'VAV Box', price: 89.5, syrx_controller_node_category_id: 5, sort_order: 10 },
  { id: 12, name: 'Air Handling Unit (AHU)', price: 695, syrx_controller_node_category_id: 5, sort_order: 20 },
  { id: 13, name: 'Electric Meter', price: 225, syrx_controller_node_category_id: 6, sort_order: 10 },
];

const ok = (body: unknown, status = 200): Reply => ({ status, body });
const digits = (n: string) => n.replace(/\D/g, '');

/**
 * The purchasing calls as apps/server answers them in test mode: the catalogue, orders priced from it, and test payment
 * intents that 4242… pays and 4000…0002 declines.
 */
export function fakePurchasingServer() {
  const state = {
    order: null as PurchaseOrder | null, intentStatus: 'requires_payment_method' as PurchaseOrder['payment_intent_status'], sizes: [...fakeSizes],
  };
  const handler: Handler = (call) => {
    const route = `${call.method} ${call.path.split('?')[0] ?? ''}`;
    if (route === 'GET /api/v2/syrx-controller-sizes') return ok(state.sizes);
    if (route === 'POST /api/v2/syrx-controller-sizes') {
      const body = call.body as Omit<ControllerSize, 'id'>;
      if (body.price > 999_999.99) return { status: 400, body: { code: 'validation_failed', message: 'The request has invalid or missing fields.', fields: [{ field: 'price', message: 'Enter a price of at most $999,999.99' }] } };
      const created = { ...body, id: 100 + state.sizes.length };
      state.sizes.push(created);
      return ok(created, 201);
    }
    if (route === 'GET /api/v2/syrx-controller-node-categories') return ok(fakeCategories);
    if (route === 'GET /api/v2/syrx-controller-node-types') return ok(fakeNodeTypes);
    if (route === 'POST /api/v2/purchasing/initiate') {
      const body = call.body as InitiatePurchase;
      const lines = [
        ...body.syrx_controller_size_quantities.map((q) => ({ item: fakeSizes.find((s) => s.id === q.syrx_controller_size_id), kind: 'size' as const, quantity: q.quantity })),
        ...body.syrx_controller_node_type_quantities.map((q) => ({ item: fakeNodeTypes.find((n) => n.id === q.syrx_controller_node_type_id), kind: 'node_type' as const, quantity: q.quantity })),
      ].map(({ item, kind, quantity }) => ({
        kind, item_id: item?.id ?? 0, name: item?.name ?? '?', unit_price: item?.price ?? 0, quantity,
        nodes_per_unit: item && 'number_of_nodes' in item ? item.number_of_nodes : 1, amount: (item?.price ?? 0) * quantity,
      }));
      state.order = {
        id: 31, group_id: body.group_id, user_id: body.user_id, total: lines.reduce((s, l) => s + l.amount, 0), currency: 'usd',
        controller_node_count: lines.filter((l) => l.kind === 'size').reduce((s, l) => s + l.quantity * l.nodes_per_unit, 0),
        node_count: lines.filter((l) => l.kind === 'node_type').reduce((s, l) => s + l.quantity, 0), provider: 'test',
        payment_intent_id: 'pi_test_31', payment_intent_client_secret: 'pi_test_31_secret_abc', payment_intent_status: 'requires_payment_method',
        payment_error_message: null, paid_at: null, project_id: null, created_at: '2026-05-15T12:00:00.000Z', lines,
      };
      return ok(state.order, 201);
    }
    if (route === 'POST /api/v2/purchasing/test-payment-intents/pi_test_31/confirm' && state.order) {
      const body = call.body as TestPaymentConfirm;
      const intent = { id: 'pi_test_31', amount: Math.round(state.order.total * 100), currency: 'usd' };
      if (digits(body.card.number) === '4242424242424242') {
        state.intentStatus = 'succeeded';
        return ok({ payment_intent: { ...intent, status: 'succeeded', last_payment_error: null }, error: null });
      }
      const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      return ok({ payment_intent: { ...intent, status: 'requires_payment_method', last_payment_error: error }, error });
    }
    if (route === 'POST /api/v2/purchasing/31/update-status' && state.order) {
      const paid = state.intentStatus === 'succeeded';
      state.order = { ...state.order, payment_intent_status: state.intentStatus, paid_at: paid ? '2026-05-15T12:01:00.000Z' : null, project_id: paid ? 57 : null };
      return ok(state.order);
    }
    return undefined;
  };
  return { state, handler };
}
