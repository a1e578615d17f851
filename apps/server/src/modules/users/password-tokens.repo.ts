import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export type PasswordTokenPurpose = 'invitation' | 'reset';

/** A password link's token as stored, with its user's state. */
export interface PasswordTokenRow {
  userId: number;
  purpose: PasswordTokenPurpose;
  used: boolean;
  expired: boolean;
  deactivated: boolean;
}

/** Single-use links that let a person choose a password (password_tokens), the password itself, and the user's sessions. */
export const passwordTokensRepo = {
  async insert(db: DbOrTx, userId: number, purpose: PasswordTokenPurpose, tokenHash: string, expiresAt: Date): Promise<void> {
    await db.execute(sql`insert into password_tokens (token_hash, user_id, purpose, expires_at) values (${tokenHash}, ${userId}, ${purpose}, ${expiresAt.toISOString()}::timestamptz)`);
  },

  async find(db: DbOrTx, tokenHash: string): Promise<PasswordTokenRow | null> {
    const r = await db.execute<{ user_id: number; purpose: PasswordTokenPurpose; used: boolean; expired: boolean; deactivated: boolean }>(sql`
      select t.user_id, t.purpose, t.used_at is not null as used, t.expires_at <= now() as expired, u.deactivated_at is not null as deactivated
      from password_tokens t join users u on u.id = t.user_id where t.token_hash = ${tokenHash}`);
    const row = r.rows[0];
    return row ? { userId: row.user_id, purpose: row.purpose, used: row.used, expired: row.expired, deactivated: row.deactivated } : null;
  },

  /** Marks the token used if it is unused and unexpired; false when another request used it first (or it ran out). */
  async use(db: DbOrTx, tokenHash: string): Promise<boolean> {
    const r = await db.execute(sql`update password_tokens set used_at = now() where token_hash = ${tokenHash} and used_at is null and expires_at > now() returning user_id`);
    return r.rows.length > 0;
  },

  /** Ends the user's outstanding links (of one purpose, or all): a newer link, a new password or deactivation. */
  async spendAll(db: DbOrTx, userId: number, purpose?: PasswordTokenPurpose): Promise<void> {
    await db.execute(sql`update password_tokens set used_at = now() where user_id = ${userId} and used_at is null
      and ${purpose === undefined ? sql`true` : sql`purpose = ${purpose}`}`);
  },

  /**
   * Sets the password hash. Through an e-mailed link (`proven`) the address is proven too: it counts as validated and an
   * invitation as accepted.
   */
  async setPassword(db: DbOrTx, userId: number, passwordHash: string, proven: boolean): Promise<void> {
    await db.execute(proven
      ? sql`update users set password_hash = ${passwordHash}, invited_at = null, email_validated_at = coalesce(email_validated_at, now()) where id = ${userId}`
      : sql`update users set password_hash = ${passwordHash} where id = ${userId}`);
  },

  /** Ends every session of the user but `keepSessionId` (null: every one). */
  async endSessions(db: DbOrTx, userId: number, keepSessionId: string | null): Promise<void> {
    await db.execute(sql`delete from sessions where user_id = ${userId} and ${keepSessionId === null ? sql`true` : sql`id <> ${keepSessionId}::uuid`}`);
  },
};
