import { type SQL, and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { QueryMessage, QueryMessageFilter } from '@syrx/contracts/query-messages';
import type { DbOrTx } from '../../db/client.ts';
import { bacnetQueryMessages as m } from '../../db/schema/index.ts';
import { isoOf } from '../../lib/sql-dates.ts';
import { inUuids } from '../../db/array-params.ts';

export type MessageRow = typeof m.$inferSelect;

const columns = {
  id: m.id,
  syrx_controller_id: m.syrxControllerId,
  message_type: m.messageType,
  status: m.status,
  network: m.network,
  low_limit: m.lowLimit,
  high_limit: m.highLimit,
  created_on: sql<string>`${isoOf(m.createdOn)}`,
  acknowledged_on: isoOf(m.acknowledgedOn),
  completed_on: isoOf(m.completedOn),
  devices_found: m.devicesFound,
  devices_added: m.devicesAdded,
  error_message: m.errorMessage,
};
const toMessage = ({ network, low_limit, high_limit, ...rest }: { network: number | null; low_limit: number | null; high_limit: number | null } & Omit<QueryMessage, 'parameters'>): QueryMessage => ({
  ...rest, parameters: { network, low_limit, high_limit },
});

export const queryMessageSortColumns: Record<string, SQL> = {
  id: sql`${m.id}`, status: sql`${m.status}`, created_on: sql`${m.createdOn}`, acknowledged_on: sql`${m.acknowledgedOn}`,
  completed_on: sql`${m.completedOn}`, devices_found: sql`${m.devicesFound}`, devices_added: sql`${m.devicesAdded}`,
};
export const sortableQueryMessageFields = Object.keys(queryMessageSortColumns);

/** Which messages a grid filter shows; "completed" covers the failed ones too (both are finished). */
const statusesOf: Record<QueryMessageFilter, MessageRow['status'][] | null> = {
  show_acknowledged_hide_completed: ['created', 'acknowledged'],
  show_all: null,
  show_completed: ['completed', 'failed'],
  hide_acknowledged: ['created'],
};
export const messageListWhere = (controllerId: string, filter: QueryMessageFilter): SQL | undefined => {
  const statuses = statusesOf[filter];
  return and(eq(m.syrxControllerId, controllerId), statuses ? inArray(m.status, statuses) : undefined);
};

/** A message sent to an agent that neither acknowledged it nor failed within this long may be sent again. */
const redispatchAfter = sql`now() - interval '5 minutes'`;

export const queryMessagesRepo = {
  async list(db: DbOrTx, where: SQL | undefined, order: SQL[], page: { offset: number; limit: number }): Promise<QueryMessage[]> {
    const rows = await db.select(columns).from(m).where(where).orderBy(...order, desc(m.createdOn), desc(m.id)).offset(page.offset).limit(page.limit);
    return rows.map(toMessage);
  },

  async count(db: DbOrTx, where: SQL | undefined): Promise<number> {
    const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(m).where(where);
    return r?.n ?? 0;
  },

  async find(db: DbOrTx, id: number): Promise<QueryMessage | null> {
    const [row] = await db.select(columns).from(m).where(eq(m.id, id));
    return row ? toMessage(row) : null;
  },

  async insert(db: DbOrTx, controllerId: string, p: { network: number | null; lowLimit: number | null; highLimit: number | null }): Promise<number> {
    const [row] = await db.insert(m).values({ syrxControllerId: controllerId, messageType: 'DiscoverDevices', ...p }).returning({ id: m.id });
    if (!row) throw new Error('message not created');
    return row.id;
  },

  /** Ids of the controllers' messages waiting for their agents. */
  async waiting(db: DbOrTx, controllerIds: readonly string[]): Promise<number[]> {
    const rows = await db.select({ id: m.id }).from(m)
      .where(and(inUuids(m.syrxControllerId, controllerIds), eq(m.status, 'created'), or(isNull(m.dispatchedOn), sql`${m.dispatchedOn} < ${redispatchAfter}`)))
      .orderBy(m.id);
    return rows.map((r) => r.id);
  },

  /** Takes a waiting message for sending, once across server instances; null when it is not waiting. */
  async claim(db: DbOrTx, id: number): Promise<MessageRow | null> {
    const [row] = await db.update(m).set({ dispatchedOn: sql`now()` })
      .where(and(eq(m.id, id), eq(m.status, 'created'), or(isNull(m.dispatchedOn), sql`${m.dispatchedOn} < ${redispatchAfter}`)))
      .returning();
    return row ?? null;
  },

  /** The agent left before acknowledging: the message waits for it again. */
  async release(db: DbOrTx, id: number): Promise<void> {
    await db.update(m).set({ dispatchedOn: null }).where(and(eq(m.id, id), eq(m.status, 'created')));
  },

  async acknowledge(db: DbOrTx, id: number): Promise<void> {
    await db.update(m).set({ status: 'acknowledged', acknowledgedOn: sql`now()` }).where(and(eq(m.id, id), eq(m.status, 'created')));
  },

  async complete(db: DbOrTx, id: number, found: number, added: number): Promise<void> {
    await db.update(m).set({ status: 'completed', completedOn: sql`now()`, acknowledgedOn: sql`coalesce(${m.acknowledgedOn}, now())`, devicesFound: found, devicesAdded: added }).where(eq(m.id, id));
  },

  async fail(db: DbOrTx, id: number, message: string): Promise<void> {
    await db.update(m).set({ status: 'failed', completedOn: sql`now()`, errorMessage: message.slice(0, 2000) }).where(eq(m.id, id));
  },
};
