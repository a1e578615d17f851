import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

export interface SessionTokens {
  accessHash: string;
  accessExpiresAt: Date;
  refreshHash: string;
  refreshExpiresAt: Date;
}

export const sessionsRepo = {
  async insert(db: DbOrTx, userId: number, t: SessionTokens): Promise<void> {
    await db.insert(sessions).values({
      userId,
      accessTokenHash: t.accessHash,
      accessExpiresAt: t.accessExpiresAt,
      refreshTokenHash: t.refreshHash,
      refreshExpiresAt: t.refreshExpiresAt,
    });
  },

  async findByAccess(db: DbOrTx, accessHash: string): Promise<{ id: string; userId: number } | null> {
    const [row] = await db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.accessTokenHash, accessHash), gt(sessions.accessExpiresAt, sql`now()`)));
    return row ?? null;
  },

  /** Replaces both tokens of the session holding this unexpired refresh token; null when there is none. */
  async rotate(db: DbOrTx, refreshHash: string, t: SessionTokens): Promise<{ userId: number } | null> {
    const [row] = await db
      .update(sessions)
      .set({
        accessTokenHash: t.accessHash,
        accessExpiresAt: t.accessExpiresAt,
        refreshTokenHash: t.refreshHash,
        refreshExpiresAt: t.refreshExpiresAt,
      })
      .where(and(eq(sessions.refreshTokenHash, refreshHash), gt(sessions.refreshExpiresAt, sql`now()`)))
      .returning({ userId: sessions.userId });
    return row ?? null;
  },

  async deleteByTokens(db: DbOrTx, accessHash: string | null, refreshHash: string | null): Promise<void> {
    const conditions = [
      accessHash ? eq(sessions.accessTokenHash, accessHash) : undefined,
      refreshHash ? eq(sessions.refreshTokenHash, refreshHash) : undefined,
    ].filter((c) => c !== undefined);
    if (conditions.length === 0) return;
    await db.delete(sessions).where(or(...conditions));
  },

  async deleteExpired(db: DbOrTx): Promise<void> {
    await db.delete(sessions).where(sql`${sessions.refreshExpiresAt} < now()`);
  },
};
