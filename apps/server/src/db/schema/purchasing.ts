import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';
import { at, belongsTo, identityId, writtenAt } from './columns.ts';

/** Controller sizes for sale (spec 02, section 3). Prices are held in cents so totals never round. */
export const syrxControllerSizes = pgTable(
  'syrx_controller_sizes',
  {
    id: identityId(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    numberOfNodes: integer('number_of_nodes').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    check('syrx_controller_sizes_price_check', sql`${t.priceCents} >= 0`),
    check('syrx_controller_sizes_nodes_check', sql`${t.numberOfNodes} >= 0`),
  ],
);

/** Node categories: one wizard page each. */
export const syrxControllerNodeCategories = pgTable('syrx_controller_node_categories', {
  id: identityId(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Node types with their price, each in one category. */
export const syrxControllerNodeTypes = pgTable(
  'syrx_controller_node_types',
  {
    id: identityId(),
    categoryId: integer('syrx_controller_node_category_id')
      .notNull()
      .references(() => syrxControllerNodeCategories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('syrx_controller_node_types_category_idx').on(t.categoryId), check('syrx_controller_node_types_price_check', sql`${t.priceCents} >= 0`)],
);

/**
 * An order: the total the server computed from the catalogue and the payment intent that pays it.
 * `payment_intent_status` mirrors the provider's PaymentIntent status; only the provider's word changes it.
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: identityId(),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'restrict' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    nodeCount: integer('node_count').notNull(),
    /** 'stripe' or 'test'. */
    provider: text('provider').notNull(),
    paymentIntentId: text('payment_intent_id'),
    paymentIntentClientSecret: text('payment_intent_client_secret'),
    paymentIntentStatus: text('payment_intent_status').notNull(),
    paymentErrorMessage: text('payment_error_message'),
    paidAt: at('paid_at'),
    /** The project the paid order plans, made with the payment (null before it, and after the project is deleted). */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdAt: writtenAt('created_at'),
    updatedAt: writtenAt('updated_at'),
  },
  (t) => [
    uniqueIndex('purchase_orders_payment_intent_idx').on(t.paymentIntentId),
    index('purchase_orders_group_idx').on(t.groupId, t.createdAt),
    check('purchase_orders_total_check', sql`${t.totalCents} >= 0`),
  ],
);

/** What an order bought, priced from the catalogue at the time of the order. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: identityId(),
    orderId: belongsTo('order_id', () => purchaseOrders.id),
    /** 'size' or 'node_type'. */
    kind: text('kind', { enum: ['size', 'node_type'] }).notNull(),
    itemId: integer('item_id').notNull(),
    name: text('name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** Nodes one unit provides (sizes) or occupies (node types). */
    nodesPerUnit: integer('nodes_per_unit').notNull(),
  },
  (t) => [index('purchase_order_lines_order_idx').on(t.orderId), check('purchase_order_lines_quantity_check', sql`${t.quantity} > 0`)],
);

/**
 * Payment intents of the offline test-mode provider (used when no Stripe keys are configured): the same states as
 * Stripe's PaymentIntent, held in the database so they survive a restart.
 */
export const testPaymentIntents = pgTable('test_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  lastPaymentError: jsonb('last_payment_error'),
  idempotencyKey: text('idempotency_key').unique('test_payment_intents_idempotency_key'),
  createdAt: writtenAt('created_at'),
  updatedAt: writtenAt('updated_at'),
});

/** Provider webhook events already applied, so a redelivered event changes nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: writtenAt('received_at'),
});
