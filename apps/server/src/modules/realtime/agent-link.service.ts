import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { RequestType, ResponseData, startRequestSchema } from '@syrx/contracts/realtime';
import { AgentCallError } from './agent-call-error.ts';

// Other modules reach the realtime module through its services: the link's error is theirs to catch.
export { AgentCallError, type AgentCallFailure } from './agent-call-error.ts';

/** How long the server waits for an agent's final answer, by request type (browser relay and AgentLink alike). */
export const requestTimeoutMs: Record<RequestType, number> = {
  ReadProperty: 20_000,
  DiscoverDevices: 90_000,
  ReloadDevice: 20_000,
  ReloadPoints: 120_000,
  PointHealthSweep: 120_000,
  RelinquishPriority: 20_000,
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A request as the server sends it itself: the agent's request without the ids, which the link assigns. */
export type AgentRequest = DistributiveOmit<z.input<typeof startRequestSchema>, 'requestId' | 'syrxControllerId'>;

/** Prefix of `replyTo` for the server's own calls: the gateway hands those answers to the link, not to a browser. */
export const serverReplyPrefix = 'server:';

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
    async call(
      controllerId: string, request: AgentRequest, opts: { timeoutMs?: number; onData?: (d: ResponseData) => void; signal?: AbortSignal } = {},
    ): Promise<ResponseData> {
      if (closed) throw new AgentCallError('closed');
      if (opts.signal?.aborted) throw new AgentCallError('cancelled');
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
        // The caller gave up (the browser left): the agent stops reading.
        opts.signal?.addEventListener('abort', () => {
          if (!settle(requestId)) return;
          t.stop(controllerId, requestId);
          reject(new AgentCallError('cancelled'));
        }, { once: true });
        t.send(controllerId, { request: { ...request, requestId, syrxControllerId: controllerId }, replyTo: `${serverReplyPrefix}${requestId}` });
      });
    },

    /**
     * An answer from a controller's agent to one of our calls; an answer from another controller's agent is dropped
     * (and logged). False when the call is not this instance's (another instance made it, or it ended).
     */
    deliver(controllerId: string, requestId: string, data: ResponseData): boolean {
      const p = pending.get(requestId);
      if (!p) return false;
      if (p.controllerId !== controllerId) {
        log.warn({ controllerId, requestControllerId: p.controllerId, requestId }, "agent answer dropped: the call is another controller's");
        return true;
      }
      if (!data.IsComplete && !data.IsException) {
        try {
          p.onData?.(data);
        } catch (err) {
          log.warn({ err, requestId }, 'agent call progress handler failed');
        }
        return true;
      }
      settle(requestId);
      if (data.IsException) p.reject(new AgentCallError('exception', data));
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
