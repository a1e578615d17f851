import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiToken } from '@syrx/contracts/api-tokens';
import type { DbOrTx } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { isoOf } from '../../lib/sql-dates.ts';

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  created_at: sql<string>`${isoOf(apiTokens.createdAt)}`,
  expires_at: isoOf(apiTokens.expiresAt),
  last_used_at: isoOf(apiTokens.lastUsedAt),
};

export const apiTokensRepo = {
  async insert(db: DbOrTx, t: { userId: number; name: string; tokenHash: string; expiresInDays: number | null }): Promise<ApiToken> {
    const expiresAt = t.expiresInDays === null ? null : sql`now() + make_interval(days => ${t.expiresInDays}::int)`;
    const [row] = await db.insert(apiTokens).values({ userId: t.userId, name: t.name, tokenHash: t.tokenHash, expiresAt }).returning(columns);
    if (!row) throw new Error('inserting an API token returned no row');
    return row;
  },

  /** A user's tokens, newest first (expired ones too, until revoked: the owner sees that they ran out). */
  async list(db: DbOrTx, userId: number): Promise<ApiToken[]> {
    return db.select(columns).from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  },

  /** Deletes a token of this user; its name, or null when the user has no such token. */
  async delete(db: DbOrTx, userId: number, id: number): Promise<string | null> {
    const [row] = await db.delete(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId))).returning({ name: apiTokens.name });
    return row?.name ?? null;
  },

  /** Records a use unless one was recorded in the last minute (by any instance); true when this call recorded it. */
  async touch(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db.update(apiTokens).set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`))))
      .returning({ id: apiTokens.id });
    return rows.length > 0;
  },
};
