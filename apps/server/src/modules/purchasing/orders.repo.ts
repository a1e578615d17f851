import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { OrderLineKind, PaymentIntentStatus, PaymentMode } from '@syrx/contracts/purchasing';
import type { DbOrTx } from '../../db/client.ts';
import { paymentWebhookEvents, purchaseOrderLines as l, purchaseOrders as o } from '../../db/schema/index.ts';

export type OrderRow = typeof o.$inferSelect;
export type LineRow = typeof l.$inferSelect;

export interface NewLine {
  kind: OrderLineKind;
  itemId: number;
  name: string;
  unitPriceCents: number;
  quantity: number;
  nodesPerUnit: number;
}

export interface NewOrder {
  groupId: number;
  userId: number;
  totalCents: number;
  currency: string;
  nodeCount: number;
  provider: PaymentMode;
}

/** An order's status never leaves these: a late or replayed event cannot undo a payment. */
const finalStatuses: PaymentIntentStatus[] = ['succeeded', 'canceled'];

/** Purchase orders, their lines, and the provider webhook events already applied. */
export const ordersRepo = {
  async insert(db: DbOrTx, order: NewOrder, lines: readonly NewLine[]): Promise<number> {
    const [row] = await db.insert(o).values({ ...order, paymentIntentStatus: 'requires_payment_method' }).returning({ id: o.id });
    if (!row) throw new Error('purchase order not created');
    await db.insert(l).values(lines.map((line) => ({ ...line, orderId: row.id })));
    return row.id;
  },

  async attachIntent(db: DbOrTx, id: number, intent: { id: string; clientSecret: string; status: PaymentIntentStatus }): Promise<void> {
    await db.update(o)
      .set({ paymentIntentId: intent.id, paymentIntentClientSecret: intent.clientSecret, paymentIntentStatus: intent.status, updatedAt: sql`now()` })
      .where(eq(o.id, id));
  },

  async delete(db: DbOrTx, id: number): Promise<void> {
    await db.delete(o).where(eq(o.id, id));
  },

  async find(db: DbOrTx, id: number): Promise<{ order: OrderRow; lines: LineRow[] } | null> {
    const [order] = await db.select().from(o).where(eq(o.id, id));
    if (!order) return null;
    return { order, lines: await db.select().from(l).where(eq(l.orderId, id)).orderBy(asc(l.id)) };
  },

  async findByIntent(db: DbOrTx, intentId: string): Promise<OrderRow | null> {
    const [order] = await db.select().from(o).where(eq(o.paymentIntentId, intentId));
    return order ?? null;
  },

  /**
   * Takes the provider's status (and error message) for the order paid by this intent. paid_at is set once, by the
   * first 'succeeded'; an order already succeeded or canceled does not change, so replays change nothing. The order
   * as changed, or null when it was not.
   */
  async applyIntent(db: DbOrTx, intentId: string, status: PaymentIntentStatus, errorMessage: string | null): Promise<OrderRow | null> {
    const [row] = await db.update(o)
      .set({
        paymentIntentStatus: status,
        paymentErrorMessage: errorMessage,
        paidAt: status === 'succeeded' ? sql`coalesce(${o.paidAt}, now())` : o.paidAt,
        updatedAt: sql`now()`,
      })
      .where(and(eq(o.paymentIntentId, intentId), notInArray(o.paymentIntentStatus, finalStatuses)))
      .returning();
    return row ?? null;
  },

  async setProject(db: DbOrTx, id: number, projectId: number): Promise<void> {
    await db.update(o).set({ projectId, updatedAt: sql`now()` }).where(eq(o.id, id));
  },

  /** Records a webhook event; false when it was recorded before (a redelivery). */
  async recordWebhookEvent(db: DbOrTx, id: string, type: string): Promise<boolean> {
    const rows = await db.insert(paymentWebhookEvents).values({ id, type }).onConflictDoNothing().returning({ id: paymentWebhookEvents.id });
    return rows.length > 0;
  },
};
