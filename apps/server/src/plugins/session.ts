import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookies } from '@syrx/contracts/auth';
import { AppError } from '@syrx/contracts/errors';
import { twoFactorMessages } from '@syrx/contracts/two-factor';
import type { Actor } from '../security/actor.ts';
import type { IssuedTokens } from '../security/session-tokens.ts';
import { issueCsrfCookie } from './csrf.ts';
import { type Identify, bearerTokenOf, originOf } from './request-identity.ts';

// Where other plugins and modules have always found it.
export { originOf };

export const invalidApiTokenMessage = 'The API token is not valid: it is unknown, revoked or expired, or its user is deactivated.';

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

/**
 * Builds the preHandler that every protected route uses: 401 without a valid session or API token, 403 when a
 * permission is named and missing, and 403 totp_setup_required while a group's two-factor requirement is not met
 * (only routes that say `openDuringTwoFactorSetup` let such a user through: the setup itself).
 */
export function createGuards(app: FastifyInstance, identify: Identify) {
  app.decorateRequest('actor', null);
  const requireActor = async (request: FastifyRequest): Promise<void> => {
    if (request.actor) return;
    const actor = await identify(request);
    if (!actor) throw AppError.unauthenticated(bearerTokenOf(request) === undefined ? undefined : invalidApiTokenMessage);
    if (actor.twoFactorSetupRequired && request.routeOptions.config.openDuringTwoFactorSetup !== true) {
      throw new AppError('totp_setup_required', 403, twoFactorMessages.setupRequired);
    }
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
    identify,
    requireActor,
    requirePermission: (permission: string) => async (request: FastifyRequest) => {
      await requireActor(request);
      if (!request.actor?.permissions.has(permission)) throw AppError.forbidden();
    },
    /** A signed-in browser, not an API token: what manages the credentials themselves (two-factor, API tokens). */
    requireBrowserSession: async (request: FastifyRequest) => {
      await requireActor(request);
      if (request.actor?.credential?.kind !== 'session') throw AppError.forbidden(twoFactorMessages.browserOnly);
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
    /** Open to a user who must first set up two-factor sign-in (see createGuards): the setup's own routes. */
    openDuringTwoFactorSetup?: boolean;
  }
}
