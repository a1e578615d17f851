import type { AgentConfig } from '@syrx/contracts/agent-protocol';
import { exceptionResponse, type ResponseData } from '@syrx/contracts/realtime';

export type ResponseSink = (data: ResponseData) => void;
/** Answers one request from the server: an acknowledgement, data, and a final answer (IsComplete). */
export type RequestHandler = (request: { requestId: string; requestType: string } & Record<string, unknown>, respond: ResponseSink, signal: AbortSignal) => Promise<void>;

/** Runs a handler; whatever it throws becomes its final answer, an exception named after the error. */
export async function answerRequest(handler: RequestHandler, request: Parameters<RequestHandler>[0], respond: ResponseSink, signal: AbortSignal): Promise<void> {
  try {
    await handler(request, respond, signal);
  } catch (err) {
    respond(exceptionResponse(err instanceof Error ? err.name : 'Error', err instanceof Error ? err.message : String(err)));
  }
}

/** What the agent gives its services when it starts them: a way to send the server acknowledged events. */
export interface ServiceContext {
  /** Emits on the agent's socket and resolves with the server's acknowledgement (rejects on a time-out). */
  emitWithAck(event: string, payload: unknown): Promise<unknown>;
  /** Whether the socket is connected now (taken as true when absent). */
  connected?(): boolean;
  /** Called at every (re)connection to the server. */
  onConnect?(listener: () => void): void;
}

/** What a service says about itself in the heartbeat (heartbeatSchema's services[].diagnostics). */
export type ServiceDiagnostics = Record<string, number | string | boolean | null>;

/** One controller service hosted by the agent (updater, BACnet network query, reporting, …). */
export interface ServiceModule {
  id: string;
  version: string;
  /** The systemd unit it stands for on a real controller, reported among the critical statuses. */
  unit: string;
  state(): 'active' | 'inactive' | 'failed' | 'activating';
  requests?: Record<string, RequestHandler>;
  start?(context: ServiceContext): void;
  configure?(config: AgentConfig): void;
  /** Reported in every heartbeat. */
  diagnostics?(): ServiceDiagnostics;
  stop?(): Promise<void>;
}
