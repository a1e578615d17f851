import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError, type FieldError } from '@syrx/contracts/errors';
import {
  type initiatePurchaseSchema, maxOrderCents, minOrderCents, paymentIntentStatuses, paymentModes, type PurchaseOrder, purchasingMessages,
  type TestPaymentConfirm,
  type TestPaymentConfirmResult, toDollars, totalCents,
} from '@syrx/contracts/purchasing';
import type { Db, DbOrTx } from '../../db/client.ts';
import { requireVisibleGroup } from '../../security/group-scope.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { insertOrderProject } from '../projects/projects.service.ts';
import type { Actor } from '../../security/actor.ts';
import { catalogueRepo } from './catalogue.repo.ts';
import { type LineRow, type NewLine, type OrderRow, ordersRepo as repo } from './orders.repo.ts';
import type { PaymentIntentView } from './payment-provider.ts';
import type { StripePaymentProvider } from './stripe-payment-provider.ts';
import type { TestPaymentProvider } from './test-payment-provider.ts';

export type InitiateInput = z.output<typeof initiatePurchaseSchema>;
export type AnyPaymentProvider = StripePaymentProvider | TestPaymentProvider;
type ApplyResult = 'applied' | 'unchanged' | 'unknown' | 'mismatch';

const currency = 'usd';
const invalid = (fields: FieldError[]) => AppError.badRequest('The request has invalid or missing fields.', fields);

function orderOut(order: OrderRow, lines: LineRow[], viewer: Actor): PurchaseOrder {
  const sum = (kind: LineRow['kind'], f: (l: LineRow) => number) => lines.filter((l) => l.kind === kind).reduce((s, l) => s + f(l), 0);
  return {
    id: order.id,
    group_id: order.groupId,
    user_id: order.userId,
    total: toDollars(order.totalCents),
    currency: order.currency,
    controller_node_count: sum('size', (l) => l.quantity * l.nodesPerUnit),
    node_count: sum('node_type', (l) => l.quantity * l.nodesPerUnit),
    provider: paymentModes.find((m) => m === order.provider) ?? 'test',
    payment_intent_id: order.paymentIntentId,
    // The secret pays the order: only its buyer gets it.
    payment_intent_client_secret: order.userId === viewer.userId ? order.paymentIntentClientSecret : null,
    payment_intent_status: paymentIntentStatuses.find((s) => s === order.paymentIntentStatus) ?? 'requires_payment_method',
    payment_error_message: order.paymentErrorMessage,
    paid_at: order.paidAt?.toISOString() ?? null,
    project_id: order.projectId,
    created_at: order.createdAt.toISOString(),
    lines: lines.map((l) => ({
      kind: l.kind, item_id: l.itemId, name: l.name, unit_price: toDollars(l.unitPriceCents), quantity: l.quantity, nodes_per_unit: l.nodesPerUnit,
      amount: toDollars(l.unitPriceCents * l.quantity),
    })),
  };
}

/**
 * Orders (spec 02 sections 3, 4 and 7): the server prices them from the catalogue, creates the payment intent with the
 * provider, and takes a payment's status only from the provider (update-status asks it; Stripe's signed webhook and
 * the test mode's confirm report it), so a client can neither set a price nor declare an order paid.
 */
export function createOrdersService(deps: { db: Db; groups: GroupsService; provider: AnyPaymentProvider; log: FastifyBaseLogger }) {
  const { db, groups, provider, log } = deps;

  /** The order when the actor sees its group; 404 otherwise, as for an unknown id. */
  async function requireOrder(actor: Actor, id: number) {
    const found = await repo.find(db, id);
    if (!found || !(await groups.canSee(actor, found.order.groupId))) throw AppError.notFound('The order');
    return found;
  }

  async function orderOf(actor: Actor, id: number): Promise<PurchaseOrder> {
    const found = await repo.find(db, id);
    if (!found) throw AppError.notFound('The order');
    return orderOut(found.order, found.lines, actor);
  }

  /** Order lines priced from the catalogue; a 400 naming each line whose item does not exist. Lines of 0 are skipped. */
  async function priceLines(input: InitiateInput): Promise<NewLine[]> {
    const sizeQs = input.syrx_controller_size_quantities.map((q, i) => ({ id: q.syrx_controller_size_id, quantity: q.quantity, i })).filter((q) => q.quantity > 0);
    const typeQs = input.syrx_controller_node_type_quantities.map((q, i) => ({ id: q.syrx_controller_node_type_id, quantity: q.quantity, i })).filter((q) => q.quantity > 0);
    const sizes = new Map((await catalogueRepo.sizes(db, sizeQs.map((q) => q.id))).map((s) => [s.id, s]));
    const types = new Map((await catalogueRepo.nodeTypes(db, typeQs.map((q) => q.id))).map((t) => [t.id, t]));
    const fields: FieldError[] = [];
    const lines: NewLine[] = [];
    for (const q of sizeQs) {
      const s = sizes.get(q.id);
      if (s) lines.push({ kind: 'size', itemId: s.id, name: s.name, unitPriceCents: s.priceCents, quantity: q.quantity, nodesPerUnit: s.numberOfNodes });
      else fields.push({ field: `syrx_controller_size_quantities.${q.i}.syrx_controller_size_id`, message: purchasingMessages.unknownSize });
    }
    for (const q of typeQs) {
      const t = types.get(q.id);
      if (t) lines.push({ kind: 'node_type', itemId: t.id, name: t.name, unitPriceCents: t.priceCents, quantity: q.quantity, nodesPerUnit: 1 });
      else fields.push({ field: `syrx_controller_node_type_quantities.${q.i}.syrx_controller_node_type_id`, message: purchasingMessages.unknownNodeType });
    }
    if (fields.length > 0) throw invalid(fields);
    return lines;
  }

  /**
   * Takes the provider's word about an intent for the order it pays. An intent whose amount or currency is not the
   * order's is never applied (logged): the order stays as it was.
   */
  async function applyIntent(tx: DbOrTx, intent: PaymentIntentView): Promise<ApplyResult> {
    const order = await repo.findByIntent(tx, intent.id);
    if (!order) return 'unknown';
    if (intent.amount !== order.totalCents || intent.currency !== order.currency) {
      log.warn({ orderId: order.id, intentId: intent.id, amount: intent.amount, currency: intent.currency }, 'payment intent does not match its order');
      return 'mismatch';
    }
    const message = intent.status === 'requires_payment_method' ? (intent.lastPaymentError?.message ?? null) : null;
    const changed = await repo.applyIntent(tx, intent.id, intent.status, message);
    if (!changed) return 'unchanged';
    // The first 'succeeded' (the one change that reaches it): the paid order becomes a project of its group.
    if (changed.paidAt && changed.projectId === null) await repo.setProject(tx, changed.id, await insertOrderProject(tx, { ...changed, paidAt: changed.paidAt }));
    return 'applied';
  }

  /** applyIntent on its own transaction: the order's status and its project are written together. */
  const applyAlone = (intent: PaymentIntentView) => db.transaction((tx) => applyIntent(tx, intent));

  return {
    /** POST /purchasing/initiate: prices the order, stores it, and creates its payment intent. */
    async initiate(actor: Actor, input: InitiateInput): Promise<PurchaseOrder> {
      if (input.user_id !== actor.userId) throw AppError.forbidden(purchasingMessages.notYourself);
      await requireVisibleGroup(groups, actor, input.group_id);
      const lines = await priceLines(input);
      const total = totalCents(lines);
      if (total < minOrderCents) throw invalid([{ field: 'total', message: purchasingMessages.totalTooSmall }]);
      if (total > maxOrderCents) throw invalid([{ field: 'total', message: purchasingMessages.totalTooLarge }]);
      const nodeCount = lines.filter((l) => l.kind === 'node_type').reduce((s, l) => s + l.quantity, 0);
      const id = await db.transaction((tx) => repo.insert(tx, { groupId: input.group_id, userId: actor.userId, totalCents: total, currency, nodeCount, provider: provider.mode }, lines));
      let intent: PaymentIntentView;
      try {
        intent = await provider.createIntent({
          amount: total, currency, idempotencyKey: `syrx-purchase-order-${id}`, description: `Syrx Console order ${id}`,
          metadata: { order_id: String(id), group_id: String(input.group_id) },
        });
      } catch (err) {
        // No intent, no order: the user can simply confirm again.
        await repo.delete(db, id);
        throw err;
      }
      await repo.attachIntent(db, id, intent);
      return orderOf(actor, id);
    },

    async get(actor: Actor, id: number): Promise<PurchaseOrder> {
      const { order, lines } = await requireOrder(actor, id);
      return orderOut(order, lines, actor);
    },

    /** POST /purchasing/{id}/update-status: the order takes the status the provider reports for its intent. */
    async updateStatus(actor: Actor, id: number): Promise<PurchaseOrder> {
      const { order } = await requireOrder(actor, id);
      if (!order.paymentIntentId) throw AppError.conflict('The order has no payment yet.');
      const intent = await provider.retrieveIntent(order.paymentIntentId);
      if ((await applyAlone(intent)) === 'mismatch') throw AppError.conflict('The payment does not match this order.');
      return orderOf(actor, id);
    },

    /** The test mode's stand-in for confirmCardPayment; the order follows the intent at once, as a webhook would. */
    async confirmTestPayment(intentId: string, body: TestPaymentConfirm): Promise<TestPaymentConfirmResult> {
      if (provider.mode !== 'test') throw AppError.notFound('The test payment intent');
      const { intent, error } = await provider.confirm(intentId, body.client_secret, body.card);
      await applyAlone(intent);
      return { payment_intent: { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency, last_payment_error: intent.lastPaymentError }, error };
    },

    /** POST /purchasing/stripe-webhook: a verified event is applied once, whatever how often Stripe delivers it. */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
      if (provider.mode !== 'stripe' || !provider.acceptsWebhooks) throw AppError.notFound('The Stripe webhook');
      const event = provider.verifyWebhook(rawBody, signature);
      const fresh = await db.transaction(async (tx) => {
        if (!(await repo.recordWebhookEvent(tx, event.id, event.type))) return false;
        if (event.intent) await applyIntent(tx, event.intent);
        return true;
      });
      return { received: true, duplicate: !fresh };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
