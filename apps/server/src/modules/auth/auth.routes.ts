import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { z } from 'zod';
import { type loginRequestSchema, sessionCookies } from '@syrx/contracts/auth';
import { AppError } from '@syrx/contracts/errors';
import { authRoutes as routes } from '@syrx/contracts/routes/auth';
import type { Config } from '../../config/env.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { attemptLimit } from '../../lib/attempt-limit.ts';
import type { AuthService } from './auth.service.ts';
import type { TwoFactorService } from './two-factor.service.ts';
import { twoFactorRoutes } from './two-factor.routes.ts';
import { ensureCsrfCookie, syncCsrfCookie } from '../../plugins/csrf.ts';
import { clearSessionCookies, originOf, setSessionCookies } from '../../plugins/session.ts';

export const notSignedInMessage = 'You are not signed in.';

export interface AuthRoutesDeps extends GuardDeps {
  config: Pick<Config, 'cookieSecure' | 'authRateLimitPerMinute'>;
  auth: AuthService;
  users: UsersService;
  audit: Pick<AuditService, 'record'>;
  twoFactor: TwoFactorService;
}

/** Sign-in (with its second factor), the session check, refresh and sign-out on both API bases (they share one session). */
export const authRoutes: Routes<AuthRoutesDeps> = (app, { config, auth, users, audit, twoFactor, guards }) => {
  const cookieOptions = { secure: config.cookieSecure };
  const rateLimit = attemptLimit(config.authRateLimitPerMinute);
  // Sign-in on either base counts against one limit per client: a per-route limit would give a guesser twice the
  // attempts. One limiter of the same plugin, so the count lives where the others do (Redis when REDIS_URL is set).
  const signInLimit = app.rateLimit({ ...rateLimit, keyGenerator: (request) => `sign-in:${normalizeIP(request.ip)}` });

  const signIn = async (body: z.infer<typeof loginRequestSchema>, request: FastifyRequest, reply: FastifyReply) => {
    const origin = originOf(request);
    const checked = async () => {
      const id = await users.authenticate(body.username, body.password, body.token);
      await twoFactor.checkSignIn(id, body.totp_code, origin);
      return id;
    };
    const userId = await checked().catch(async (err: unknown) => {
      // Failed sign-ins are audited: the name tried, why, and from where (asking for the second factor is no failure).
      if (err instanceof AppError && err.status === 401 && err.code !== 'totp_required') {
        await audit.record({ action: 'auth.signin.failed', username: body.username, origin, details: { reason: err.code } });
      }
      throw err;
    });
    setSessionCookies(reply, await auth.startSession(userId), cookieOptions);
    await users.recordSignIn(userId);
    return users.sessionUser(userId);
  };
  /** Refreshes from the cookie; a detected reuse is audited (the session it belonged to is already revoked). */
  const refresh = async (request: FastifyRequest) => {
    const result = await auth.refresh(request.cookies[sessionCookies.refresh]);
    if (result.kind === 'reused') {
      await audit.record({ action: 'auth.refresh.reused', actor: { userId: result.userId, origin: originOf(request) }, details: { revoked: 'session' } });
    }
    return result;
  };
  const signOut = async (cookies: Record<string, string | undefined>) =>
    auth.endSession(cookies[sessionCookies.access], cookies[sessionCookies.refresh]);

  const open = { config: { public: true } };
  serve(app, routes.session, open, async (request, reply) => {
    const actor = await guards.identify(request);
    if (actor) {
      // The page holds its session's XSRF token from here on, whatever its cookie held before.
      if (actor.credential?.kind === 'session') syncCsrfCookie(request, reply, config.cookieSecure, actor.credential.sessionId);
      return users.sessionUser(actor.userId);
    }
    // The access token ran out but the refresh token is good: renew here, so the page loads signed in.
    const renewed = await refresh(request);
    if (renewed.kind !== 'rotated') {
      ensureCsrfCookie(request, reply, config.cookieSecure);
      // The legacy client treats 403 on the session check as "not signed in".
      throw new AppError('unauthenticated', 403, notSignedInMessage);
    }
    setSessionCookies(reply, renewed.tokens, cookieOptions);
    return users.sessionUser(renewed.userId);
  });

  for (const route of [routes.signIn, routes.signInV2]) {
    serve(app, route, { ...open, onRequest: signInLimit }, async (request, reply) => signIn(request.body, request, reply));
  }

  serve(app, routes.refresh, { config: { rateLimit: { ...rateLimit, max: config.authRateLimitPerMinute * 6 }, public: true } },
    async (request, reply) => {
      const renewed = await refresh(request);
      // A racing tab: the browser's cookie jar already holds the tokens the other tab received.
      if (renewed.kind === 'raced') return { ok: true as const };
      if (renewed.kind !== 'rotated') {
        clearSessionCookies(reply);
        throw AppError.unauthenticated('Your session has expired. Please sign in again.');
      }
      setSessionCookies(reply, renewed.tokens, cookieOptions);
      return { ok: true as const };
    });

  twoFactorRoutes(app, { twoFactor, guards, signInLimit });

  for (const route of [routes.signOut, routes.signOutV2]) {
    serve(app, route, open, async (request, reply) => {
      await signOut(request.cookies);
      clearSessionCookies(reply);
      return { ok: true as const };
    });
  }
};
