import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { totpRecoveryCodes, users } from '../../db/schema/index.ts';

/** A user's two-factor state (the secret is pending while enabledAt is null). */
export interface TwoFactorState {
  username: string;
  passwordHash: string;
  secret: string | null;
  enabledAt: Date | null;
}

export const twoFactorRepo = {
  async state(db: DbOrTx, userId: number): Promise<TwoFactorState | null> {
    const [row] = await db
      .select({ username: users.username, passwordHash: users.passwordHash, secret: users.totpSecret, enabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  },

  /** Stores a new pending secret unless two-factor sign-in is on; false when it is. */
  async setPendingSecret(db: DbOrTx, userId: number, secret: string): Promise<boolean> {
    const rows = await db.update(users).set({ totpSecret: secret, totpLastStep: null })
      .where(and(eq(users.id, userId), isNull(users.totpEnabledAt))).returning({ id: users.id });
    return rows.length > 0;
  },

  /** Turns the pending secret on, its first code's step as the last one used; false when nothing was pending. */
  async enable(db: DbOrTx, userId: number, secret: string, step: number): Promise<boolean> {
    const rows = await db.update(users).set({ totpEnabledAt: sql`now()`, totpLastStep: step })
      .where(and(eq(users.id, userId), eq(users.totpSecret, secret), isNull(users.totpEnabledAt))).returning({ id: users.id });
    return rows.length > 0;
  },

  /** Records a code's time step as used, only when it is later than every step used before (no replay). */
  async acceptStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
    const rows = await db.update(users).set({ totpLastStep: step })
      .where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return rows.length > 0;
  },

  async disable(db: DbOrTx, userId: number): Promise<void> {
    await db.update(users).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(users.id, userId));
    await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  },

  async replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[]): Promise<void> {
    await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    await db.insert(totpRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** Marks an unused recovery code used; false when the user has no such unused code. */
  async useRecoveryCode(db: DbOrTx, userId: number, codeHash: string): Promise<boolean> {
    const rows = await db.update(totpRecoveryCodes).set({ usedAt: sql`now()` })
      .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, codeHash), isNull(totpRecoveryCodes.usedAt)))
      .returning({ userId: totpRecoveryCodes.userId });
    return rows.length > 0;
  },

  async unusedRecoveryCodes(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(totpRecoveryCodes)
      .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  },
};
