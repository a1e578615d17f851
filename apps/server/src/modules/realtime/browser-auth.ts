import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { sessionCookies } from '@syrx/contracts/auth';
import type { RealtimeServices } from './realtime-services.ts';
import type { Actor } from '../../security/actor.ts';

type Middleware = (socket: Socket, next: (err?: Error) => void) => void;

/**
 * Authenticates a browser's socket by its session cookie (every browser namespace: the default one, /live-logs,
 * /terminal) and keeps the user, with where the socket came from, as the socket's actor.
 */
export function browserAuth(app: FastifyInstance, services: Pick<RealtimeServices, 'users'>): Middleware {
  return (socket, next) => {
    const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
    (async () => {
      const actor = await services.users.actorOfAccessToken(cookies[sessionCookies.access]);
      if (actor === null) return next(new Error('not signed in'));
      // A session limited to setting up two-factor sign-in (a group requires it) opens no socket.
      if (actor.twoFactorSetupRequired) return next(new Error('two-factor sign-in must be set up first'));
      const ua = socket.handshake.headers['user-agent'];
      const origin = { ip: socket.handshake.address || null, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
      (socket.data as { actor: Actor }).actor = { ...actor, origin };
      next();
    })().catch((err: unknown) => next(err instanceof Error ? err : new Error(String(err))));
  };
}

/** The actor a browser socket authenticated as, with the permissions it had then. */
export const actorOfSocket = (socket: Socket): Actor => (socket.data as { actor: Actor }).actor;

/**
 * The socket's user with their permissions as they are now (roles may have changed since the socket connected), for
 * the events that decide access.
 */
export async function currentActorOf(socket: Socket, users: Pick<RealtimeServices['users'], 'actor'>): Promise<Actor> {
  const was = actorOfSocket(socket);
  const now: Actor = { ...(await users.actor(was.userId)), ...(was.origin ? { origin: was.origin } : {}) };
  (socket.data as { actor: Actor }).actor = now;
  return now;
}
