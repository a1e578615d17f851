import { and, eq, inArray, sql } from 'drizzle-orm';
import { type PaymentError, paymentErrorSchema, type PaymentIntentStatus, paymentIntentStatuses } from '@syrx/contracts/purchasing';
import type { DbOrTx } from '../../db/client.ts';
import { testPaymentIntents as t } from '../../db/schema/index.ts';
import type { PaymentIntentView } from './payment-provider.ts';

/** Statuses from which an intent can be confirmed (as Stripe's). */
export const confirmableStatuses: readonly PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation'];

function view(row: typeof t.$inferSelect): PaymentIntentView {
  const status = paymentIntentStatuses.find((s) => s === row.status);
  if (!status) throw new Error(`test payment intent ${row.id} has the unknown status ${row.status}`);
  return {
    id: row.id, clientSecret: row.clientSecret, amount: row.amount, currency: row.currency, status,
    lastPaymentError: paymentErrorSchema.nullable().parse(row.lastPaymentError ?? null),
  };
}

/** The test mode's payment intents (table test_payment_intents). */
export const testPaymentIntentsRepo = {
  /** Inserts the intent unless one with this idempotency key exists; answers the one stored under the key. */
  async insertOnce(db: DbOrTx, v: { id: string; clientSecret: string; amount: number; currency: string; idempotencyKey: string }): Promise<PaymentIntentView> {
    await db.insert(t).values({ ...v, status: 'requires_payment_method' }).onConflictDoNothing({ target: t.idempotencyKey });
    const [row] = await db.select().from(t).where(eq(t.idempotencyKey, v.idempotencyKey));
    if (!row) throw new Error('test payment intent not stored');
    return view(row);
  },

  async find(db: DbOrTx, id: string): Promise<PaymentIntentView | null> {
    const [row] = await db.select().from(t).where(eq(t.id, id));
    return row ? view(row) : null;
  },

  /** Moves a confirmable intent to its outcome; null when it was no longer confirmable (a concurrent confirm won). */
  async settle(db: DbOrTx, id: string, status: PaymentIntentStatus, error: PaymentError | null): Promise<PaymentIntentView | null> {
    const [row] = await db.update(t)
      .set({ status, lastPaymentError: error, updatedAt: sql`now()` })
      .where(and(eq(t.id, id), inArray(t.status, [...confirmableStatuses])))
      .returning();
    return row ? view(row) : null;
  },
};
