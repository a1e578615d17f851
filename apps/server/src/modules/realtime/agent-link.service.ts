import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '@syrx/contracts/errors';
import type { RequestType, ResponseData, startRequestSchema } from '@syrx/contracts/realtime';

/** How long the server waits for an agent's final answer, by request type (browser relay and AgentLink alike). */
export const requestTimeoutMs: Record<RequestType, number> = {
  ReadProperty: 20_000,
  DiscoverDevices: 90_000,
  ReloadDevice: 20_000,
  ReloadPoints: 120_000,
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A request as the server sends it itself: the agent's request without the ids, which the link assigns. */
export type AgentRequest = DistributiveOmit<z.input<typeof startRequestSchema>, 'requestId' | 'syrxControllerId'>;

/** Prefix of `replyTo` for the server's own calls: the gateway hands those answers to the link, not to a browser. */
export const serverReplyPrefix = 'server:';

export type AgentCallFailure = 'not-connected' | 'disconnected' | 'timeout' | 'closed' | 'exception';
const failureMessages: Record<Exclude<AgentCallFailure, 'exception'>, string> = {
  'not-connected': "The controller's agent is not connected.",
  disconnected: "The controller's agent disconnected before it answered.",
  timeout: "The controller's agent did not answer in time.",
  closed: 'The server is shutting down.',
};

/**
 * Why a call to an agent failed. A 409: the controller is not in a state to do it (its agent is away, stuck, or the
 * device did not answer), nothing the server did wrong; `exceptionType` is the agent's (BacnetTimeout, NotSupported …).
 */
export class AgentCallError extends AppError {
  constructor(
    readonly failure: AgentCallFailure,
    message = failure === 'exception' ? 'The agent reported an error.' : failureMessages[failure],
    readonly exceptionType: string | null = null,
  ) {
    super('conflict', 409, message);
  }
}

/** How the link reaches agents; bound by the realtime gateway to the Socket.IO namespace. */
export interface AgentTransport {
  connected(controllerId: string): Promise<boolean>;
  send(controllerId: string, payload: { request: Record<string, unknown>; replyTo: string }): void;
  stop(controllerId: string, requestId: string): void;
}

interface PendingCall {
  controllerId: string;
  timer: NodeJS.Timeout;
  resolve(d: ResponseData): void;
  reject(e: AgentCallError): void;
  onData?: ((d: ResponseData) => void) | undefined;
}

/**
 * The server's own requests to agents (reload a device, read its points, discover devices): sends one and resolves
 * with the final answer (IsComplete), or rejects with an AgentCallError on an exception, a time-out, the agent leaving
 * or the server closing. Calls are kept on the instance that made them; the gateway forwards an answer that reaches
 * another instance (realtime.gateway.ts).
 */
export function createAgentLink(log: { warn(o: object, m: string): void }) {
  const pending = new Map<string, PendingCall>();
  let transport: AgentTransport | null = null;
  let closed = false;

  const settle = (requestId: string): PendingCall | undefined => {
    const p = pending.get(requestId);
    if (p) {
      clearTimeout(p.timer);
      pending.delete(requestId);
    }
    return p;
  };

  return {
    bind(t: AgentTransport): void {
      transport = t;
    },

    isConnected: async (controllerId: string): Promise<boolean> => !closed && transport !== null && (await transport.connected(controllerId)),

    /** Sends a request to the controller's agent and waits for its final answer; onData sees the others (acknowledgement, progress). */
    async call(controllerId: string, request: AgentRequest, opts: { timeoutMs?: number; onData?: (d: ResponseData) => void } = {}): Promise<ResponseData> {
      if (closed) throw new AgentCallError('closed');
      const t = transport;
      if (!t || !(await t.connected(controllerId))) throw new AgentCallError('not-connected');
      const requestId = randomUUID();
      return new Promise<ResponseData>((resolve, reject) => {
        const timer = setTimeout(() => {
          if (!settle(requestId)) return;
          t.stop(controllerId, requestId);
          reject(new AgentCallError('timeout'));
        }, opts.timeoutMs ?? requestTimeoutMs[request.requestType]);
        pending.set(requestId, { controllerId, timer, resolve, reject, onData: opts.onData });
        t.send(controllerId, { request: { ...request, requestId, syrxControllerId: controllerId }, replyTo: `${serverReplyPrefix}${requestId}` });
      });
    },

    /**
     * An answer from a controller's agent to one of our calls; answers from another controller's agent are ignored.
     * False when the call is not this instance's (another instance made it, or it ended).
     */
    deliver(controllerId: string, requestId: string, data: ResponseData): boolean {
      const p = pending.get(requestId);
      if (!p || p.controllerId !== controllerId) return false;
      if (!data.IsComplete && !data.IsException) {
        try {
          p.onData?.(data);
        } catch (err) {
          log.warn({ err, requestId }, 'agent call progress handler failed');
        }
        return true;
      }
      settle(requestId);
      if (data.IsException) {
        // Spec 01 section 8: device exceptions read "type: message".
        const message = [data.ExceptionType, data.ExceptionMessage].filter(Boolean).join(': ') || 'The agent reported an error.';
        p.reject(new AgentCallError('exception', message, data.ExceptionType));
      }
      else p.resolve(data);
      return true;
    },

    /** The controller's agent left: its calls fail now rather than at their time-out. */
    agentLeft(controllerId: string): void {
      for (const [id, p] of [...pending]) if (p.controllerId === controllerId && settle(id)) p.reject(new AgentCallError('disconnected'));
    },

    /** Fails every call in flight and refuses new ones (the server is closing). */
    close(): void {
      closed = true;
      for (const [id, p] of [...pending]) if (settle(id)) p.reject(new AgentCallError('closed'));
    },
  };
}
export type AgentLink = ReturnType<typeof createAgentLink>;
