import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookies } from '@syrx/contracts/auth';
import { AppError } from '@syrx/contracts/errors';
import type { Actor, ActorSource, RequestOrigin } from '../security/actor.ts';
import type { IssuedTokens } from '../security/session-tokens.ts';
import { issueCsrfCookie } from './csrf.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by `requireActor`, null before. */
    actor: Actor | null;
  }
}

export interface SessionCookieOptions {
  secure: boolean;
}

export function setSessionCookies(reply: FastifyReply, t: IssuedTokens, o: SessionCookieOptions): void {
  reply.setCookie(sessionCookies.access, t.access, { path: '/', httpOnly: true, sameSite: 'lax', secure: o.secure, maxAge: t.accessMaxAge });
  reply.setCookie(sessionCookies.refresh, t.refresh, { path: '/api', httpOnly: true, sameSite: 'strict', secure: o.secure, maxAge: t.refreshMaxAge });
  issueCsrfCookie(reply, o.secure, t.sessionId);
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(sessionCookies.access, { path: '/' });
  reply.clearCookie(sessionCookies.refresh, { path: '/api' });
}

/** The client address and user agent of a request (what the audit log records as "from where"). */
export function originOf(request: FastifyRequest): RequestOrigin {
  const ua = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}

/** Resolves the signed-in user of a request (session, permissions and group grants in one query), or null. */
export function resolveActor(request: FastifyRequest, users: ActorSource): Promise<Actor | null> {
  return users.actorOfAccessToken(request.cookies[sessionCookies.access]);
}

/**
 * Builds the preHandler that every protected route uses: 401 without a valid session, 403 when a
 * permission is named and missing.
 */
export function createGuards(app: FastifyInstance, users: ActorSource) {
  app.decorateRequest('actor', null);
  const requireActor = async (request: FastifyRequest): Promise<void> => {
    if (request.actor) return;
    const actor = await resolveActor(request, users);
    if (!actor) throw AppError.unauthenticated();
    request.actor = { ...actor, origin: originOf(request) };
  };
  // Deny by default: every API route needs a session before anything else runs (body validation included), unless it
  // says `config: { public: true }` and checks its caller itself (a password, a token, a signature). The routes'
  // own guards then find the actor resolved.
  // Decided on the route reached, not on the raw URL (an absolute-form request line or an encoded path reaches it too).
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith('/api/') || request.routeOptions.config.public === true) return;
    await requireActor(request);
  });
  return {
    requireActor,
    requirePermission: (permission: string) => async (request: FastifyRequest) => {
      await requireActor(request);
      if (!request.actor?.permissions.has(permission)) throw AppError.forbidden();
    },
  };
}
export type Guards = ReturnType<typeof createGuards>;

/** The actor of a request that passed `requireActor`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw AppError.unauthenticated();
  return request.actor;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (deny-by-default otherwise; see createGuards). */
    public?: boolean;
  }
}
