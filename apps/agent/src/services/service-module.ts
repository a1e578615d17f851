import type { AgentConfig } from '@syrx/contracts/agent-protocol';
import { type ExceptionType, exceptionResponse, exceptionTypes, type ResponseData } from '@syrx/contracts/realtime';
import { BacnetError } from '../bacnet/bacnet-errors.ts';
import type { ServiceRollout } from '@syrx/contracts/service-rollout';

export type ResponseSink = (data: ResponseData) => void;
/** Answers one request from the server: an acknowledgement, data, and a final answer (IsComplete). */
export type RequestHandler = (request: { requestId: string; requestType: string } & Record<string, unknown>, respond: ResponseSink, signal: AbortSignal) => Promise<void>;

/** The contract's name for an error: a BACnet failure's own (BacnetError, BacnetTimeout …), InvalidRequest for fields that do not parse, else Error. */
export function exceptionTypeOf(err: unknown): ExceptionType {
  if (!(err instanceof Error)) return 'Error';
  if (err.name === 'ZodError') return 'InvalidRequest';
  return (exceptionTypes as readonly string[]).includes(err.name) ? (err.name as ExceptionType) : 'Error';
}

/** Runs a handler; whatever it throws becomes its final answer, an exception named after the error (with a BACnet error's class and code). */
export async function answerRequest(handler: RequestHandler, request: Parameters<RequestHandler>[0], respond: ResponseSink, signal: AbortSignal): Promise<void> {
  try {
    await handler(request, respond, signal);
  } catch (err) {
    const ids = err instanceof BacnetError && err.errorClass !== undefined && err.errorCode !== undefined ? { errorClass: err.errorClass, errorCode: err.errorCode } : undefined;
    respond(exceptionResponse(exceptionTypeOf(err), err instanceof Error ? err.message : String(err), ids));
  }
}

/** Answers an event the server sent with an acknowledgement (absent when it asked for none). */
export type EventAck = (answer: unknown) => void;

/** What the agent gives its services when it starts them: the socket to the server, as far as they need it. */
export interface ServiceContext {
  /** Emits on the agent's socket and resolves with the server's acknowledgement (rejects on a time-out). */
  emitWithAck(event: string, payload: unknown): Promise<unknown>;
  /** Whether the socket is connected now (taken as true when absent). */
  connected?(): boolean;
  /** Called at every (re)connection to the server. */
  onConnect?(listener: () => void): void;
  /** Emits without an acknowledgement; dropped while disconnected (live logs, terminal output). */
  emit?(event: string, payload: unknown): void;
  /** Listens to an event from the server. */
  on?(event: string, listener: (payload: unknown, ack?: EventAck) => void): void;
  /** Called whenever the connection to the server is lost. */
  onDisconnect?(listener: () => void): void;
}

/** Part of the agent that is no controller service (not in the heartbeat): log shipping, live logs. */
export interface AgentTask {
  start(context: ServiceContext): void;
  stop(): Promise<void>;
}

/** What a service says about itself in the heartbeat (heartbeatSchema's services[].diagnostics). */
export type ServiceDiagnostics = Record<string, number | string | boolean | null>;

export type ServiceState = 'active' | 'inactive' | 'failed' | 'activating';

/** What the updater says in the heartbeat of a service it manages. */
export interface SupervisedService {
  /** The version of the package that runs it; null while the agent's own module does (or nothing does). */
  version: string | null;
  /** That package's process state; null while the agent's own module runs the service. */
  state: ServiceState | null;
  rollout: ServiceRollout;
  diagnostics?: ServiceDiagnostics;
}

/** The updater's side of the agent: the services it runs from installed packages instead of the agent's modules. */
export interface ServiceSupervisor {
  /** Services whose built-in module must stay off: a package runs them (or is being started). */
  takenOver(): ReadonlySet<string>;
  /** Every service it manages, by id. */
  services(): ReadonlyMap<string, SupervisedService>;
  /** Called when what it runs, takes over or reports changed. */
  onChange(listener: () => void): void;
}

/** One controller service hosted by the agent (updater, BACnet network query, reporting, …). */
export interface ServiceModule {
  id: string;
  version: string;
  /** The systemd unit it stands for on a real controller, reported among the critical statuses. */
  unit: string;
  state(): ServiceState;
  /** The updater: it runs services from packages, which the agent reports and keeps their built-in modules off for. */
  supervisor?: ServiceSupervisor;
  requests?: Record<string, RequestHandler>;
  start?(context: ServiceContext): void;
  configure?(config: AgentConfig): void;
  /** Reported in every heartbeat. */
  diagnostics?(): ServiceDiagnostics;
  stop?(): Promise<void>;
}
