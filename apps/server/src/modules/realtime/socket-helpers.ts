import type { FastifyBaseLogger } from 'fastify';

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
