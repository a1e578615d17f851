import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Contact, fullNameOf } from '@syrx/contracts/contacts';
import type { DbOrTx } from '../../db/client.ts';
import { groupRecordRows } from '../../db/group-records.ts';
import { contactCategories as cc, contacts as c } from '../../db/schema/index.ts';

export interface ContactValues {
  firstName: string;
  lastName: string;
  company: string | null;
  title: string | null;
  email: string | null;
  phone: string | null;
  /** Undefined on an update: the category stays. */
  categoryId?: number | null | undefined;
}

const columns = {
  id: c.id, group_id: c.groupId, first_name: c.firstName, last_name: c.lastName, company: c.company, title: c.title, email: c.email, phone: c.phone,
  category_id: c.categoryId, category_name: cc.name,
};
const selectContacts = (db: DbOrTx) => db.select(columns).from(c).leftJoin(cc, eq(cc.id, c.categoryId));
const withFullName = (row: Omit<Contact, 'full_name'>): Contact => ({ ...row, full_name: fullNameOf(row) });

/** Contacts of groups. */
export const contactsRepo = {
  ...groupRecordRows(c),

  /** A group's contacts by last name, then first name. */
  async listOfGroup(db: DbOrTx, groupId: number): Promise<Contact[]> {
    const rows = await selectContacts(db).where(eq(c.groupId, groupId))
      .orderBy(asc(sql`lower(${c.lastName})`), asc(sql`lower(${c.firstName})`), asc(c.id));
    return rows.map(withFullName);
  },

  async find(db: DbOrTx, id: number): Promise<Contact | null> {
    const [row] = await selectContacts(db).where(eq(c.id, id));
    return row ? withFullName(row) : null;
  },

  /** Which of these ids are contacts of the group. */
  async idsInGroup(db: DbOrTx, groupId: number, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db.select({ id: c.id }).from(c).where(and(eq(c.groupId, groupId), inArray(c.id, [...ids])));
    return new Set(rows.map((r) => r.id));
  },

  async categoryExists(db: DbOrTx, id: number): Promise<boolean> {
    return (await db.select({ id: cc.id }).from(cc).where(eq(cc.id, id))).length > 0;
  },

  async update(db: DbOrTx, id: number, v: ContactValues): Promise<boolean> {
    return (await db.update(c).set(v).where(eq(c.id, id)).returning({ id: c.id })).length > 0;
  },
};
