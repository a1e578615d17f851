import { asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { syrxControllerNodeCategories as cat, syrxControllerNodeTypes as nt, syrxControllerSizes as size } from '../../db/schema/index.ts';
import { seedControllerSizes, seedNodeCategories } from './catalogue-seed.ts';

export type SizeRow = typeof size.$inferSelect;
export type CategoryRow = typeof cat.$inferSelect;
export type NodeTypeRow = typeof nt.$inferSelect;
export type SizeValues = Omit<SizeRow, 'id'>;
export type CategoryValues = Omit<CategoryRow, 'id'>;
export type NodeTypeValues = Omit<NodeTypeRow, 'id'>;

async function one<T>(rows: Promise<T[]>): Promise<T | null> {
  return (await rows)[0] ?? null;
}

/** Controller sizes, node categories and node types (prices in cents), each listed by sort order, then id. */
export const catalogueRepo = {
  sizes: (db: DbOrTx, ids?: readonly number[]): Promise<SizeRow[]> =>
    db.select().from(size).where(ids ? inArray(size.id, [...ids]) : undefined).orderBy(asc(size.sortOrder), asc(size.id)),
  categories: (db: DbOrTx): Promise<CategoryRow[]> => db.select().from(cat).orderBy(asc(cat.sortOrder), asc(cat.id)),
  nodeTypes: (db: DbOrTx, ids?: readonly number[]): Promise<NodeTypeRow[]> =>
    db.select().from(nt).where(ids ? inArray(nt.id, [...ids]) : undefined).orderBy(asc(nt.sortOrder), asc(nt.id)),

  categoryExists: async (db: DbOrTx, id: number): Promise<boolean> => (await db.select({ id: cat.id }).from(cat).where(eq(cat.id, id))).length > 0,

  insertSize: (db: DbOrTx, v: SizeValues) => one(db.insert(size).values(v).returning()),
  updateSize: (db: DbOrTx, id: number, v: SizeValues) => one(db.update(size).set(v).where(eq(size.id, id)).returning()),
  deleteSize: async (db: DbOrTx, id: number) => (await db.delete(size).where(eq(size.id, id)).returning({ id: size.id })).length > 0,

  insertCategory: (db: DbOrTx, v: CategoryValues) => one(db.insert(cat).values(v).returning()),
  updateCategory: (db: DbOrTx, id: number, v: CategoryValues) => one(db.update(cat).set(v).where(eq(cat.id, id)).returning()),
  deleteCategory: async (db: DbOrTx, id: number) => (await db.delete(cat).where(eq(cat.id, id)).returning({ id: cat.id })).length > 0,

  insertNodeType: (db: DbOrTx, v: NodeTypeValues) => one(db.insert(nt).values(v).returning()),
  updateNodeType: (db: DbOrTx, id: number, v: NodeTypeValues) => one(db.update(nt).set(v).where(eq(nt.id, id)).returning()),
  deleteNodeType: async (db: DbOrTx, id: number) => (await db.delete(nt).where(eq(nt.id, id)).returning({ id: nt.id })).length > 0,

  /** Seeds the sizes, and the categories with their node types, each only while its table is empty. */
  async seedWhereEmpty(db: DbOrTx): Promise<void> {
    const [sizes] = await db.select({ n: count() }).from(size);
    if (sizes?.n === 0) await db.insert(size).values(seedControllerSizes.map((s, i) => ({ ...s, sortOrder: (i + 1) * 10 })));
    const [categories] = await db.select({ n: count() }).from(cat);
    if (categories?.n !== 0) return;
    for (const [i, c] of seedNodeCategories.entries()) {
      const [row] = await db.insert(cat).values({ name: c.name, sortOrder: (i + 1) * 10 }).returning({ id: cat.id });
      if (!row) throw new Error('node category not created');
      await db.insert(nt).values(c.nodeTypes.map((t, j) => ({ categoryId: row.id, name: t.name, priceCents: t.priceCents, sortOrder: (j + 1) * 10 })));
    }
  },
};
