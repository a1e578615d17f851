import { z } from 'zod';
import { idNameShape } from './fields.ts';
import { dbIdParamSchema, maxDbId } from './ids.ts';

/**
 * Purchasing (spec 02 sections 2–5, 7–9): the catalogue of controller sizes, node categories and node types, orders
 * priced by the server from that catalogue, and their card payment through a payment provider (Stripe, or the offline
 * test mode). Prices travel in US dollars with two decimals; the server keeps cents.
 */

/** Which payment provider the server uses: Stripe when its keys are configured, else the offline test mode. */
export const paymentModes = ['stripe', 'test'] as const;
export type PaymentMode = (typeof paymentModes)[number];

/** Stripe's PaymentIntent statuses; the test mode uses the same. */
export const paymentIntentStatuses = [
  'requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'canceled', 'succeeded',
] as const;
export type PaymentIntentStatus = (typeof paymentIntentStatuses)[number];

/** Spec 02 section 9: after a successful payment the app goes to /projects after this long. */
export const redirectAfterPaymentMs = 5000;
/** The most of one item an order may hold. */
export const maxQuantity = 10_000;
/** Card payments in USD: at least $0.50 and at most $999,999.99 (Stripe's limits). */
export const minOrderCents = 50;
export const maxOrderCents = 99_999_999;
/** The highest catalogue price, $999,999.99. */
export const maxPriceCents = 99_999_999;

/** Stripe's test card numbers that the test mode knows too (any future expiry, any CVC). */
export const testCards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

export const purchasingMessages = {
  quantityRequired: 'Enter a quantity',
  quantityWhole: 'Enter a whole number',
  quantityMin: 'Enter a quantity of 0 or more',
  quantityMax: `Enter a quantity of at most ${maxQuantity.toLocaleString('en-US')}`,
  nothingChosen: 'Choose at least one controller size or node',
  duplicate: 'This item is listed more than once',
  unknownSize: 'This controller size does not exist',
  unknownNodeType: 'This node type does not exist',
  totalTooSmall: 'The order total must be at least $0.50, the smallest card payment',
  totalTooLarge: 'The order total must not exceed $999,999.99, the largest card payment',
  notYourself: 'Orders are placed in your own name: user_id must be your own id.',
  name: 'Name is required',
  nameLength: 'Enter a name of at most 200 characters',
  price: 'Enter a price of 0 or more',
  priceCents: 'Enter a price in whole cents',
  priceMax: 'Enter a price of at most $999,999.99',
  numberOfNodes: 'Enter a number of nodes from 0 to 10,000',
  sortOrder: 'Enter a whole number for the order',
  category: 'Choose a node category',
  categoryUnknown: 'This node category does not exist',
  categoryInUse: 'The node category still has node types: delete them or move them to another category first.',
} as const;

export const purchasingIdSchema = dbIdParamSchema;
const bodyId = (message: string) => z.number({ error: message }).int(message).positive(message).max(maxDbId, message);

/** Cents from dollars (a price entered with at most two decimals). */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Spec 02 section 9: prices in USD with 2 decimals, e.g. $12,345.60. */
export const formatUsd = (cents: number): string => usd.format(cents / 100);

// ---- Catalogue ----------------------------------------------------------------------------------------------------

export const controllerSizeSchema = z.object({
  ...idNameShape,
  /** US dollars. */
  price: z.number(),
  number_of_nodes: z.number().int(),
  sort_order: z.number().int(),
});
export type ControllerSize = z.infer<typeof controllerSizeSchema>;
export const controllerSizeListSchema = z.array(controllerSizeSchema);

export const nodeCategorySchema = z.object({ ...idNameShape, sort_order: z.number().int() });
export type NodeCategory = z.infer<typeof nodeCategorySchema>;
export const nodeCategoryListSchema = z.array(nodeCategorySchema);

export const nodeTypeSchema = z.object({
  ...idNameShape,
  /** US dollars. */
  price: z.number(),
  syrx_controller_node_category_id: z.number().int(),
  sort_order: z.number().int(),
});
export type NodeType = z.infer<typeof nodeTypeSchema>;
export const nodeTypeListSchema = z.array(nodeTypeSchema);

const name = z.string({ error: purchasingMessages.name }).trim().min(1, purchasingMessages.name).max(200, purchasingMessages.nameLength);
const price = z
  .number({ error: purchasingMessages.price })
  .min(0, purchasingMessages.price)
  .max(maxPriceCents / 100, purchasingMessages.priceMax)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, purchasingMessages.priceCents);
const sortOrder = z.number({ error: purchasingMessages.sortOrder }).int(purchasingMessages.sortOrder).min(-100_000, purchasingMessages.sortOrder).max(100_000, purchasingMessages.sortOrder).default(0);

/** POST /api/v2/syrx-controller-sizes, PUT …/{id}. */
export const controllerSizeInputSchema = z.object({
  name,
  price,
  number_of_nodes: z.number({ error: purchasingMessages.numberOfNodes }).int(purchasingMessages.numberOfNodes).min(0, purchasingMessages.numberOfNodes).max(10_000, purchasingMessages.numberOfNodes),
  sort_order: sortOrder,
});
export type ControllerSizeInput = z.input<typeof controllerSizeInputSchema>;

/** POST /api/v2/syrx-controller-node-categories, PUT …/{id}. */
export const nodeCategoryInputSchema = z.object({ name, sort_order: sortOrder });
export type NodeCategoryInput = z.input<typeof nodeCategoryInputSchema>;

/** POST /api/v2/syrx-controller-node-types, PUT …/{id}. */
export const nodeTypeInputSchema = z.object({
  name,
  price,
  syrx_controller_node_category_id: bodyId(purchasingMessages.category),
  sort_order: sortOrder,
});
export type NodeTypeInput = z.input<typeof nodeTypeInputSchema>;

// ---- Orders -------------------------------------------------------------------------------------------------------

const quantity = z
  .number({ error: purchasingMessages.quantityRequired })
  .int(purchasingMessages.quantityWhole)
  .min(0, purchasingMessages.quantityMin)
  .max(maxQuantity, purchasingMessages.quantityMax);

/**
 * POST /api/v2/purchasing/initiate. Only ids and quantities: anything else a client sends (a price, a total) is
 * dropped, since the server prices the order from its catalogue. Lines of quantity 0 are allowed and bought nothing.
 */
export const initiatePurchaseSchema = z
  .object({
    group_id: bodyId('Choose a group'),
    user_id: bodyId('user_id must be your own id'),
    syrx_controller_size_quantities: z.array(z.object({ syrx_controller_size_id: bodyId(purchasingMessages.unknownSize), quantity })).max(200),
    syrx_controller_node_type_quantities: z.array(z.object({ syrx_controller_node_type_id: bodyId(purchasingMessages.unknownNodeType), quantity })).max(1000),
  })
  .superRefine((body, ctx) => {
    const duplicates = (list: readonly number[], key: string, field: string) => {
      const seen = new Set<number>();
      list.forEach((id, i) => {
        if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [key, i, field], message: purchasingMessages.duplicate });
        seen.add(id);
      });
    };
    duplicates(body.syrx_controller_size_quantities.map((q) => q.syrx_controller_size_id), 'syrx_controller_size_quantities', 'syrx_controller_size_id');
    duplicates(body.syrx_controller_node_type_quantities.map((q) => q.syrx_controller_node_type_id), 'syrx_controller_node_type_quantities', 'syrx_controller_node_type_id');
    const any = [...body.syrx_controller_size_quantities, ...body.syrx_controller_node_type_quantities].some((q) => q.quantity > 0);
    if (!any) ctx.addIssue({ code: 'custom', path: ['syrx_controller_size_quantities'], message: purchasingMessages.nothingChosen });
  }, { when: (payload) => payload.issues.length === 0 });
export type InitiatePurchase = z.input<typeof initiatePurchaseSchema>;

export const orderLineKinds = ['size', 'node_type'] as const;
export type OrderLineKind = (typeof orderLineKinds)[number];

export const orderLineSchema = z.object({
  kind: z.enum(orderLineKinds),
  item_id: z.number().int(),
  name: z.string(),
  /** US dollars, as the catalogue priced it when the order was placed. */
  unit_price: z.number(),
  quantity: z.number().int(),
  /** Node slots one controller provides, or 1 for a node. */
  nodes_per_unit: z.number().int(),
  amount: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** An order: what the server priced and the payment intent that pays it (spec 02 section 3, "Order"). */
export const purchaseOrderSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  user_id: z.number().int(),
  /** US dollars. */
  total: z.number(),
  currency: z.string(),
  /** Node slots of the controllers bought (sum of quantity × number_of_nodes). */
  controller_node_count: z.number().int(),
  /** Nodes bought (sum of the node type quantities). */
  node_count: z.number().int(),
  provider: z.enum(paymentModes),
  payment_intent_id: z.string().nullable(),
  payment_intent_client_secret: z.string().nullable(),
  payment_intent_status: z.enum(paymentIntentStatuses),
  payment_error_message: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** The project the paid order plans (orderProjectName), made with the payment in the order's group; null before it or once deleted. */
  project_id: z.number().int().nullable(),
  created_at: z.string(),
  lines: z.array(orderLineSchema),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/** The name of the project a paid order makes: "Order 42". */
export const orderProjectName = (orderId: number): string => `Order ${orderId}`;

/** POST /api/v2/purchasing/{id}/update-status: no payload is needed (the server asks the payment provider). */
export const updateStatusSchema = z.object({}).loose().nullish();

// ---- Node count (spec 02 sections 8 and 9) -------------------------------------------------------------------------

export interface NodeCount {
  /** Sum of quantity × number_of_nodes over the controller sizes. */
  controllerNodes: number;
  /** Sum of the node type quantities. */
  nodes: number;
}

export type NodeBalance = 'balanced' | 'empty_slots' | 'too_many_nodes';

/** The node count of a purchase: node slots of the chosen controllers against the nodes chosen. */
export function nodeCount(
  sizes: readonly { number_of_nodes: number; quantity: number }[],
  nodeTypes: readonly { quantity: number }[],
): NodeCount {
  return {
    controllerNodes: sizes.reduce((sum, s) => sum + s.quantity * s.number_of_nodes, 0),
    nodes: nodeTypes.reduce((sum, n) => sum + n.quantity, 0),
  };
}

export function nodeBalance({ controllerNodes, nodes }: NodeCount): NodeBalance {
  if (controllerNodes > nodes) return 'empty_slots';
  if (controllerNodes < nodes) return 'too_many_nodes';
  return 'balanced';
}

/** The warning of spec 02 section 8 for an unbalanced node count, or null. */
export function nodeCountWarning(count: NodeCount): string | null {
  const { controllerNodes: slots, nodes } = count;
  const s = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
  switch (nodeBalance(count)) {
    case 'empty_slots':
      return `The controllers provide ${s(slots, 'node slot')} for ${s(nodes, 'node')}. Empty slots cannot be filled later.`;
    case 'too_many_nodes':
      return `The controllers provide only ${s(slots, 'node slot')} for ${s(nodes, 'node')}. Not all nodes can be used.`;
    case 'balanced':
      return null;
  }
}

/** Total in cents of priced lines (unit prices in cents). */
export const totalCents = (lines: readonly { unitPriceCents: number; quantity: number }[]): number =>
  lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);

// ---- Test mode payments (the offline stand-in for Stripe.js's confirmCardPayment) -----------------------------------

export const paymentErrorTypes = ['card_error', 'validation_error', 'invalid_request_error'] as const;

/** A payment error as Stripe reports it: its message is what the user reads under the card field. */
export const paymentErrorSchema = z.object({
  type: z.enum(paymentErrorTypes),
  code: z.string(),
  decline_code: z.string().nullable(),
  message: z.string(),
});
export type PaymentError = z.infer<typeof paymentErrorSchema>;

/** POST /api/v2/purchasing/test-payment-intents/{id}/confirm: the intent's client secret and the card. */
export const testPaymentConfirmSchema = z.object({
  client_secret: z.string().min(1).max(300),
  card: z.object({
    /** Digits, spaces or dashes allowed. */
    number: z.string().max(40),
    exp_month: z.number().int().min(0).max(99),
    /** Two or four digits. */
    exp_year: z.number().int().min(0).max(9999),
    cvc: z.string().max(10),
  }),
});
export type TestPaymentConfirm = z.infer<typeof testPaymentConfirmSchema>;

export const testPaymentIntentSchema = z.object({
  id: z.string(),
  status: z.enum(paymentIntentStatuses),
  /** Cents, as Stripe counts. */
  amount: z.number().int(),
  currency: z.string(),
  last_payment_error: paymentErrorSchema.nullable(),
});
export type TestPaymentIntent = z.infer<typeof testPaymentIntentSchema>;

/** Like confirmCardPayment's result: the intent as it now is, and the error that stopped the payment (or null). */
export const testPaymentConfirmResultSchema = z.object({ payment_intent: testPaymentIntentSchema, error: paymentErrorSchema.nullable() });
export type TestPaymentConfirmResult = z.infer<typeof testPaymentConfirmResultSchema>;

// ---- Stripe webhook -----------------------------------------------------------------------------------------------

export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
