import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sessions, usedRefreshTokens } from '../../db/schema/index.ts';

export interface SessionTokens {
  accessHash: string;
  accessExpiresAt: Date;
  refreshHash: string;
  refreshExpiresAt: Date;
}

export const sessionsRepo = {
  /** The new session's id. */
  async insert(db: DbOrTx, userId: number, t: SessionTokens): Promise<string> {
    const [row] = await db
      .insert(sessions)
      .values({
        userId,
        accessTokenHash: t.accessHash,
        accessExpiresAt: t.accessExpiresAt,
        refreshTokenHash: t.refreshHash,
        refreshExpiresAt: t.refreshExpiresAt,
      })
      .returning({ id: sessions.id });
    if (!row) throw new Error('inserting a session returned no row');
    return row.id;
  },

  /** The id of the session holding this access token hash, else of the one holding this refresh token hash; null for none. */
  async idOfTokens(db: DbOrTx, accessHash: string | null, refreshHash: string | null): Promise<string | null> {
    for (const [column, hash] of [[sessions.accessTokenHash, accessHash], [sessions.refreshTokenHash, refreshHash]] as const) {
      if (hash === null) continue;
      const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(column, hash)).limit(1);
      if (row) return row.id;
    }
    return null;
  },

  /**
   * Replaces both tokens of the session holding this unexpired refresh token and remembers the old one as used;
   * null when no session holds it.
   */
  async rotate(db: Db, refreshHash: string, t: SessionTokens): Promise<{ userId: number; sessionId: string } | null> {
    // One transaction: a concurrent refresh with the same token waits on the row lock, then finds it used.
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(sessions)
        .set({
          accessTokenHash: t.accessHash,
          accessExpiresAt: t.accessExpiresAt,
          refreshTokenHash: t.refreshHash,
          refreshExpiresAt: t.refreshExpiresAt,
        })
        .where(and(eq(sessions.refreshTokenHash, refreshHash), gt(sessions.refreshExpiresAt, sql`now()`)))
        .returning({ id: sessions.id, userId: sessions.userId });
      if (!row) return null;
      await tx.insert(usedRefreshTokens).values({ tokenHash: refreshHash, sessionId: row.id }).onConflictDoNothing();
      return { userId: row.userId, sessionId: row.id };
    });
  },

  /** The session a rotated-away refresh token belonged to, with how long ago it was rotated and whether it was the last. */
  async findUsed(db: DbOrTx, refreshHash: string): Promise<{ sessionId: string; userId: number; ageMs: number; latest: boolean } | null> {
    const [row] = await db
      .select({
        sessionId: usedRefreshTokens.sessionId,
        userId: sessions.userId,
        ageMs: sql<number>`(extract(epoch from now() - ${usedRefreshTokens.rotatedAt}) * 1000)::float8`,
        latest: sql<boolean>`not exists (select 1 from ${usedRefreshTokens} u where u.session_id = ${usedRefreshTokens.sessionId} and u.rotated_at > ${usedRefreshTokens.rotatedAt})`,
      })
      .from(usedRefreshTokens)
      .innerJoin(sessions, eq(sessions.id, usedRefreshTokens.sessionId))
      .where(eq(usedRefreshTokens.tokenHash, refreshHash));
    return row ?? null;
  },

  async deleteById(db: DbOrTx, id: string): Promise<void> {
    await db.delete(sessions).where(eq(sessions.id, id));
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
