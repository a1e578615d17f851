import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookies } from '@syrx/contracts/auth';
import { AppError } from '@syrx/contracts/errors';
import { newToken, safeEqual } from '../lib/tokens.ts';
import { type Identify, bearerTokenOf } from './request-identity.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The state-changing routes the check waives, by method and route: signing in and refreshing (no page could have read
 * a token before them; the refresh cookie is SameSite=Strict and the call only rotates tokens), registering (acts as
 * no one), and Stripe's webhook (signed). Sign-out is not among them.
 */
const exempt = new Set([
  'POST /api/Login',
  'POST /api/v2/auth',
  'POST /api/v2/auth/refresh',
  'POST /api/v2/users/register',
  'POST /api/v2/purchasing/stripe-webhook',
]);
export const csrfMessage = 'The request could not be verified (missing or invalid XSRF token). Reload the page and try again.';

/**
 * The XSRF token of a session: an HMAC keyed with the session's id, a random UUID the server never shows. It stays the
 * same through refreshes; no one who cannot read the page's cookie can compute it, and a cookie planted by a sibling
 * site cannot choose it (the server compares the header with this, not with the cookie).
 */
export function csrfTokenOf(sessionId: string): string {
  return createHmac('sha256', sessionId).update('syrx-xsrf-token').digest('base64url');
}

/**
 * Sets the XSRF-TOKEN cookie, readable by the page, which echoes it in the X-XSRF-TOKEN header: the session's token, or
 * before any session a random one (checked against the cookie, double-submit, where no session is at stake).
 */
export function issueCsrfCookie(reply: FastifyReply, secure: boolean, sessionId?: string): void {
  reply.setCookie(sessionCookies.csrf, sessionId ? csrfTokenOf(sessionId) : newToken(), { path: '/', sameSite: 'strict', httpOnly: false, secure });
}

export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  if (!request.cookies[sessionCookies.csrf]) issueCsrfCookie(reply, secure);
}

/** Gives a signed-in page its session's token when its cookie holds another (lost, or planted): the session check calls it. */
export function syncCsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean, sessionId: string): void {
  if (request.cookies[sessionCookies.csrf] !== csrfTokenOf(sessionId)) issueCsrfCookie(reply, secure, sessionId);
}

/** The session a request's cookies name (by its access token, else its refresh token), or null. */
export type SessionOfRequest = (request: FastifyRequest) => Promise<string | null>;

export interface CsrfSessions {
  /** The request's actor, resolved once per request (the session guard takes the same answer): its session id. */
  identify: Identify;
  /** The session of cookies that no live access token backs (run out, or only the refresh cookie left: signing out). */
  sessionOfCookies: SessionOfRequest;
}

/**
 * The XSRF check on every state-changing call (any method but GET, HEAD and OPTIONS). It decides on the route the
 * request reached, so the spelling of its request line (an absolute-form `POST http://host/api/…`, percent-encoded
 * characters) changes nothing. With a session the header must carry that session's token; without one (nothing to
 * act as), the header must match the cookie. A call with a personal API token (`Authorization: Bearer`) needs no
 * header: a browser sends no such header on its own, so another site's page cannot borrow it (its cookies are not used).
 */
export function registerCsrfCheck(app: FastifyInstance, sessions: CsrfSessions): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    // No route matched: the answer is a 404 and nothing runs.
    if (safeMethods.has(request.method) || route === undefined || exempt.has(`${request.method} ${route}`)) return;
    if (bearerTokenOf(request) !== undefined) return;
    const header = request.headers[sessionCookies.csrfHeader];
    const actor = await sessions.identify(request);
    const sessionId = actor?.credential?.kind === 'session' ? actor.credential.sessionId : await sessions.sessionOfCookies(request);
    const expected = sessionId ? csrfTokenOf(sessionId) : request.cookies[sessionCookies.csrf];
    if (!expected || typeof header !== 'string' || !safeEqual(expected, header)) {
      throw new AppError('csrf_failed', 403, csrfMessage);
    }
  });
}
