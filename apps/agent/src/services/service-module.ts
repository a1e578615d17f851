import type { AgentConfig } from '@syrx/contracts/agent-protocol';
import type { ResponseData } from '@syrx/contracts/realtime';

export type ResponseSink = (data: ResponseData) => void;
/** Answers one request from the server: an acknowledgement, data, and a final answer (IsComplete). */
export type RequestHandler = (request: { requestId: string; requestType: string } & Record<string, unknown>, respond: ResponseSink, signal: AbortSignal) => Promise<void>;

/** One controller service hosted by the agent (updater, BACnet network query, reporting, …). */
export interface ServiceModule {
  id: string;
  version: string;
  /** The systemd unit it stands for on a real controller, reported among the critical statuses. */
  unit: string;
  state(): 'active' | 'inactive' | 'failed' | 'activating';
  requests?: Record<string, RequestHandler>;
  configure?(config: AgentConfig): void;
  stop?(): Promise<void>;
}
