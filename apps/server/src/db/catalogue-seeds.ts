import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { catalogueSeeds } from './schema/index.ts';

/**
 * Runs a built-in catalogue's seed only when the release's catalogue differs from the one last seeded (its digest), so
 * an administrator's edits and deletions survive restarts; a release that changes the catalogue seeds it once more.
 * Several instances starting at once: the row lock serialises them, and the second finds the digest already stored.
 */
export async function seedWhenChanged(db: DbOrTx, name: string, catalogue: unknown, seed: (tx: DbOrTx) => Promise<void>): Promise<boolean> {
  const digest = createHash('sha256').update(JSON.stringify(catalogue)).digest('hex');
  return db.transaction(async (tx) => {
    await tx.insert(catalogueSeeds).values({ name, digest: '' }).onConflictDoNothing();
    const [row] = await tx.select({ digest: catalogueSeeds.digest }).from(catalogueSeeds).where(eq(catalogueSeeds.name, name)).for('update');
    if (row?.digest === digest) return false;
    await seed(tx);
    await tx.update(catalogueSeeds).set({ digest, seededAt: sql`now()` }).where(eq(catalogueSeeds.name, name));
    return true;
  });
}
