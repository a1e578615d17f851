import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookies } from '@syrx/contracts/auth';
import { AppError } from '@syrx/contracts/errors';
import { newToken, safeEqual } from '../lib/tokens.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Calls made before a page could have read the cookie: signing in and registering; and Stripe's signed webhook. */
const exempt = new Set(['/api/Login', '/api/v2/auth', '/api/v2/users/register', '/api/v2/purchasing/stripe-webhook']);
export const csrfMessage = 'The request could not be verified (missing or invalid XSRF token). Reload the page and try again.';

/** Sets a fresh XSRF-TOKEN cookie, readable by the page, which echoes it in the X-XSRF-TOKEN header. */
export function issueCsrfCookie(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(sessionCookies.csrf, newToken(), { path: '/', sameSite: 'strict', httpOnly: false, secure });
}

export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  if (!request.cookies[sessionCookies.csrf]) issueCsrfCookie(reply, secure);
}

/** Double-submit check on every state-changing call of both API bases. */
export function registerCsrfCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    const path = request.url.split('?')[0] ?? '';
    if (exempt.has(path)) return;
    const cookie = request.cookies[sessionCookies.csrf];
    const header = request.headers[sessionCookies.csrfHeader];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw new AppError('csrf_failed', 403, csrfMessage);
    }
  });
}
