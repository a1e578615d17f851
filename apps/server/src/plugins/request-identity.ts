import type { FastifyRequest } from 'fastify';
import { sessionCookies } from '@syrx/contracts/auth';
import { markIdentify } from '../lib/request-stages.ts';
import type { Actor, ActorSource, RequestOrigin } from '../security/actor.ts';

/** The client address and user agent of a request (what the audit log records as "from where"). */
export function originOf(request: FastifyRequest): RequestOrigin {
  const ua = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}

/** The personal API token of `Authorization: Bearer <token>`, or undefined (another scheme, as a proxy's, is not ours). */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * Resolves the user of a request (credential, permissions and group grants in one query), or null: by its API token
 * when it sends one (its cookies are then not looked at), else by its session cookie.
 */
export function resolveActor(request: FastifyRequest, source: ActorSource): Promise<Actor | null> {
  const token = bearerTokenOf(request);
  if (token !== undefined) return source.actorOfApiToken(token, originOf(request));
  return source.actorOfAccessToken(request.cookies[sessionCookies.access]);
}

/** A request's actor, resolved at most once per request. */
export type Identify = (request: FastifyRequest) => Promise<Actor | null>;

/**
 * The XSRF check and the session guard both need the request's actor (the check its session id): one lookup serves
 * both, kept per request.
 */
export function createIdentify(source: ActorSource): Identify {
  const resolved = new WeakMap<FastifyRequest, Promise<Actor | null>>();
  return (request) => {
    let actor = resolved.get(request);
    if (actor === undefined) {
      const t0 = performance.now();
      actor = resolveActor(request, source).finally(() => markIdentify(request, performance.now() - t0));
      resolved.set(request, actor);
    }
    return actor;
  };
}
