import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import { AppError } from '@syrx/contracts/errors';
import { connectRequestSchema } from '@syrx/contracts/realtime';
import { currentActorOf } from './browser-auth.ts';
import type { RealtimeServices } from './realtime-services.ts';

export const agentRoom = (controllerId: string) => `agent:${controllerId}`;
export const browsersRoom = (controllerId: string) => `browsers:${controllerId}`;

/**
 * Runs the asynchronous part of a socket handler so that no failure (a query after the pool closed, a socket gone)
 * can become an unhandled rejection: it is logged instead.
 */
export function background(log: FastifyBaseLogger, what: string, context: object, work: () => Promise<unknown>): void {
  Promise.resolve()
    .then(work)
    .catch((err: unknown) => log.error({ err, ...context }, what));
}

/** The acknowledgement callback of an event, or a no-op when the sender asked for none (or sent something else). */
export function ackOf<T>(ack: unknown): (reply: T) => void {
  return typeof ack === 'function' ? (reply: T) => void (ack as (r: T) => unknown)(reply) : () => undefined;
}

/** What the sockets of a namespace are attached with: the server, Socket.IO and its agents' namespace, the services. */
export interface SocketsDeps {
  app: FastifyInstance;
  io: Server;
  agents: Namespace;
  services: RealtimeServices;
  log: FastifyBaseLogger;
  agentConnected: (controllerId: string) => Promise<boolean>;
}

/**
 * Handles a browser's `event` naming a controller ({ syrxControllerId }): answers a malformed one and a controller the
 * signed-in user may not see with the error the browser shows, else runs `join` with the controller's id (lowercase)
 * and the acknowledgement. A failure of `join` is logged as `what`.
 */
export function onControllerRequest<T>(
  socket: Socket, event: string, { services, log }: Pick<SocketsDeps, 'services' | 'log'>, what: string,
  join: (controllerId: string, reply: (answer: T | { error: string }) => void) => Promise<void>,
): void {
  socket.on(event, (payload: unknown, ack: unknown) => {
    const reply = ackOf<T | { error: string }>(ack);
    const req = connectRequestSchema.safeParse(payload);
    if (!req.success) return reply({ error: 'syrxControllerId is required' });
    const id = req.data.syrxControllerId.toLowerCase();
    background(log, what, { socketId: socket.id }, async () => {
      try {
        await services.controllers.accessible(await currentActorOf(socket, services.users), id);
      } catch (err) {
        if (err instanceof AppError && err.status < 500) return reply({ error: 'The Syrx controller was not found.' });
        throw err;
      }
      await join(id, reply);
    });
  });
}
