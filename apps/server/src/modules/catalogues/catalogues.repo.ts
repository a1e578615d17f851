import { asc, eq, sql } from 'drizzle-orm';
import type { IssueKind } from '@syrx/contracts/issues';
import type { ContactCategoryChoice } from '@syrx/contracts/catalogues';
import type { DbOrTx } from '../../db/client.ts';
import { contactCategories, genericPoints, issueFieldOptions } from '../../db/schema/index.ts';

/** What the catalogues need beyond their grids: the contacts editor's category choices and the starting sets. */
export const cataloguesRepo = {
  categoryChoices(db: DbOrTx): Promise<ContactCategoryChoice[]> {
    return db.select({ id: contactCategories.id, name: contactCategories.name }).from(contactCategories).orderBy(asc(sql`lower(${contactCategories.name})`), asc(contactCategories.id));
  },

  /** Adds the categories when there are none (a starting set, never restored once an administrator changed it). */
  async seedCategories(db: DbOrTx, names: readonly string[]): Promise<void> {
    if ((await db.select({ id: contactCategories.id }).from(contactCategories).limit(1)).length > 0) return;
    await db.insert(contactCategories).values(names.map((name) => ({ name }))).onConflictDoNothing();
  },

  /** Adds a kind's issue field options when it has none. */
  async seedFieldOptions(db: DbOrTx, kind: IssueKind, options: readonly (typeof issueFieldOptions.$inferInsert)[]): Promise<void> {
    if ((await db.select({ id: issueFieldOptions.id }).from(issueFieldOptions).where(eq(issueFieldOptions.kind, kind)).limit(1)).length > 0) return;
    await db.insert(issueFieldOptions).values([...options]).onConflictDoNothing();
  },

  /** Adds the generic points when there are none. */
  async seedGenericPoints(db: DbOrTx, points: readonly { pointCode: string; description: string; pointType: string }[]): Promise<void> {
    if ((await db.select({ id: genericPoints.id }).from(genericPoints).limit(1)).length > 0) return;
    await db.insert(genericPoints).values([...points]).onConflictDoNothing();
  },
};
