import { eq, getTableName } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import type { accounts, contacts, projects } from './schema/index.ts';

/** Tables of a group's records, keyed by id (schema: groupRecordKey). */
type GroupRecordTable = typeof accounts | typeof contacts | typeof projects;

/** What the repositories of a group's records share: the record's group (for the group scope), insert and delete. */
export function groupRecordRows<T extends GroupRecordTable>(table: T) {
  const t: GroupRecordTable = table;
  return {
    /** The group the record belongs to; null when there is no such record. */
    async groupOf(db: DbOrTx, id: number): Promise<number | null> {
      const [row] = await db.select({ groupId: t.groupId }).from(t).where(eq(t.id, id));
      return row?.groupId ?? null;
    },

    /** Inserts a record of the group and answers its id. */
    async insert(db: DbOrTx, groupId: number, values: Omit<T['$inferInsert'], 'groupId'>): Promise<number> {
      const [row] = await db.insert(t).values({ groupId, ...values }).returning({ id: t.id });
      if (!row) throw new Error(`${getTableName(t)}: row not created`);
      return row.id;
    },

    async delete(db: DbOrTx, id: number): Promise<boolean> {
      return (await db.delete(t).where(eq(t.id, id)).returning({ id: t.id })).length > 0;
    },
  };
}
