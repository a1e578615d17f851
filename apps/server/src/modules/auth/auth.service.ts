import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { IssuedTokens } from '../../security/session-tokens.ts';
import { type SessionTokens, sessionsRepo } from './sessions.repo.ts';


/** How long after a rotation a replay of the old refresh token counts as a racing tab rather than theft. */
export const refreshRaceGraceMs = 30_000;

export type RefreshResult =
  | { kind: 'rotated'; tokens: IssuedTokens; userId: number }
  | { kind: 'raced'; userId: number }
  | { kind: 'reused'; userId: number }
  | { kind: 'invalid' };

/** Sessions: a short-lived access token and a refresh token that is replaced on every use. */
export function createAuthService(db: Db, ttl: { accessSeconds: number; refreshSeconds: number }) {
  function issue(): { plain: Omit<IssuedTokens, 'sessionId'>; stored: SessionTokens } {
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
      const sessionId = await sessionsRepo.insert(db, userId, stored);
      return { ...plain, sessionId };
    },

    /**
     * New tokens for a valid refresh token (the old one stops working). A replay of the token just rotated away, within
     * the grace period, is a second tab that raced the first: it gets no new tokens ('raced'; the browser already holds
     * the fresh cookies). Any other replay means the token leaked: the whole session (the token family) is revoked.
     */
    async refresh(refresh: string | undefined): Promise<RefreshResult> {
      if (!refresh) return { kind: 'invalid' };
      const hash = hashToken(refresh);
      const { plain, stored } = issue();
      const rotated = await sessionsRepo.rotate(db, hash, stored);
      if (rotated) return { kind: 'rotated', tokens: { ...plain, sessionId: rotated.sessionId }, userId: rotated.userId };
      const used = await sessionsRepo.findUsed(db, hash);
      if (!used) return { kind: 'invalid' };
      if (used.latest && used.ageMs <= refreshRaceGraceMs) return { kind: 'raced', userId: used.userId };
      await sessionsRepo.deleteById(db, used.sessionId);
      return { kind: 'reused', userId: used.userId };
    },

    /**
     * The session a request's cookies name (whether or not its tokens are still valid): by the access token, else by the
     * refresh token; null when neither names one.
     */
    sessionIdOf(access: string | undefined, refresh: string | undefined): Promise<string | null> {
      if (!access && !refresh) return Promise.resolve(null);
      return sessionsRepo.idOfTokens(db, access ? hashToken(access) : null, refresh ? hashToken(refresh) : null);
    },

    async endSession(access: string | undefined, refresh: string | undefined): Promise<void> {
      await sessionsRepo.deleteByTokens(db, access ? hashToken(access) : null, refresh ? hashToken(refresh) : null);
      await sessionsRepo.deleteExpired(db);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
