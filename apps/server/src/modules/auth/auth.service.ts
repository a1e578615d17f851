import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { type SessionTokens, sessionsRepo } from './sessions.repo.ts';

export const rateLimitMessage = 'Too many attempts. Please wait a minute and try again.';

export interface IssuedTokens {
  access: string;
  refresh: string;
  accessMaxAge: number;
  refreshMaxAge: number;
}

/** Sessions: a short-lived access token and a refresh token that is replaced on every use. */
export function createAuthService(db: Db, ttl: { accessSeconds: number; refreshSeconds: number }) {
  function issue(): { plain: IssuedTokens; stored: SessionTokens } {
    const access = newToken();
    const refresh = newToken();
    const now = Date.now();
    return {
      plain: { access, refresh, accessMaxAge: ttl.accessSeconds, refreshMaxAge: ttl.refreshSeconds },
      stored: {
        accessHash: hashToken(access),
        accessExpiresAt: new Date(now + ttl.accessSeconds * 1000),
        refreshHash: hashToken(refresh),
        refreshExpiresAt: new Date(now + ttl.refreshSeconds * 1000),
      },
    };
  }

  return {
    async startSession(userId: number): Promise<IssuedTokens> {
      const { plain, stored } = issue();
      await sessionsRepo.insert(db, userId, stored);
      return plain;
    },

    /** The user of a valid access token, or null. */
    async userOfAccessToken(access: string | undefined): Promise<number | null> {
      if (!access) return null;
      const s = await sessionsRepo.findByAccess(db, hashToken(access));
      return s?.userId ?? null;
    },

    /** New tokens for a valid refresh token (the old one stops working), or null. */
    async refresh(refresh: string | undefined): Promise<{ tokens: IssuedTokens; userId: number } | null> {
      if (!refresh) return null;
      const { plain, stored } = issue();
      const rotated = await sessionsRepo.rotate(db, hashToken(refresh), stored);
      return rotated ? { tokens: plain, userId: rotated.userId } : null;
    },

    async endSession(access: string | undefined, refresh: string | undefined): Promise<void> {
      await sessionsRepo.deleteByTokens(db, access ? hashToken(access) : null, refresh ? hashToken(refresh) : null);
      await sessionsRepo.deleteExpired(db);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
