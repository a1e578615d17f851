import type { browserRequestSchema } from '@syrx/contracts/realtime';
import {
  type CriticalStatusesReport, type ReloadPointsProgress, agentStatusSchema, clientEvents, connectAckSchema, inactiveWhileDisconnected,
  pointReadProgressSchema, requestResponseSchema, serviceStatusesSchema,
} from '@syrx/contracts/realtime';
import type { z } from 'zod';
import { RequestFailedError, RequestStoppedError, readAnswer } from './request-answers';

/** The part of a Socket.IO client socket the realtime client uses (a fake stands in for it in tests). */
export interface RealtimeSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
}

type Distribute<T> = T extends unknown ? Omit<T, 'requestId' | 'syrxControllerId'> : never;
/** A start-request without its controller and request id, which the client adds. */
export type RequestInput = Distribute<z.input<typeof browserRequestSchema>>;

export interface RequestHandlers {
  /** Intermediate Data (discovered devices one by one). */
  onData?: (data: unknown) => void;
}

/** A request in flight: its final Data, and a stop for the user's Cancel. */
export interface RunningRequest {
  requestId: string;
  result: Promise<unknown>;
  stop(): void;
}

/** What changed for a watched controller: its agent came or went, or it recorded new service statuses (the report). */
export type ControllerChange = { kind: 'agentStatus'; connected: boolean } | { kind: 'serviceStatuses'; report: CriticalStatusesReport };
export type ControllerChangeListener = (controllerId: string, change: ControllerChange) => void;

interface Pending extends RequestHandlers {
  resolve(data: unknown): void;
  reject(error: Error): void;
}

let sequence = 0;
/** An id unique to this page, for a request or a staged point read. */
export const newRequestId = () => `web-${Date.now().toString(36)}-${(sequence += 1)}-${Math.random().toString(36).slice(2, 8)}`;
const key = (controllerId: string) => controllerId.toLowerCase();

/**
 * One page's realtime connection to the server (spec 01 section 7): joins the controllers a screen watches
 * (again after every reconnect, since the server forgets a socket's rooms), tracks whether their agents are
 * connected, and routes request answers to their requests by requestId.
 */
export class RealtimeClient {
  private serverConnected: boolean;
  private readonly agents = new Map<string, boolean>();
  private readonly watched = new Map<string, number>();
  private readonly pending = new Map<string, Pending>();
  private readonly listeners = new Set<() => void>();
  private readonly changeListeners = new Set<ControllerChangeListener>();
  private readonly pointReads = new Map<string, (p: ReloadPointsProgress) => void>();

  constructor(private readonly socket: RealtimeSocket) {
    this.serverConnected = socket.connected;
    socket.on('connect', () => {
      this.serverConnected = true;
      for (const id of this.watched.keys()) this.join(id);
      this.notify();
    });
    socket.on('disconnect', () => {
      this.serverConnected = false;
      this.agents.clear();
      this.failAll(inactiveWhileDisconnected);
      this.notify();
    });
    socket.on(clientEvents.agentStatus, (payload: unknown) => {
      const status = agentStatusSchema.safeParse(payload);
      if (!status.success) return;
      this.setAgent(status.data.syrxControllerId, status.data.connected);
      this.changed(status.data.syrxControllerId, { kind: 'agentStatus', connected: status.data.connected });
    });
    socket.on(clientEvents.serviceStatuses, (payload: unknown) => {
      const parsed = serviceStatusesSchema.safeParse(payload);
      if (!parsed.success) return;
      const { syrxControllerId, ...report } = parsed.data;
      this.changed(syrxControllerId, { kind: 'serviceStatuses', report });
    });
    socket.on(clientEvents.requestResponse, (payload: unknown) => this.route(payload));
    socket.on(clientEvents.pointReadProgress, (payload: unknown) => {
      const parsed = pointReadProgressSchema.safeParse(payload);
      if (parsed.success) this.pointReads.get(parsed.data.readId)?.(parsed.data.progress);
    });
  }

  /** Hears the progress of the staged point read this page asked for under `readId`; returns the unsubscribe. */
  onPointReadProgress(readId: string, listener: (p: ReloadPointsProgress) => void): () => void {
    this.pointReads.set(readId, listener);
    return () => this.pointReads.delete(readId);
  }

  /** For useSyncExternalStore: called whenever a connection state changes. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Hears when a watched controller's agent comes or goes, or its service statuses change; returns the unsubscribe. */
  onControllerChange(listener: ControllerChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  isServerConnected = (): boolean => this.serverConnected;
  isAgentConnected = (controllerId: string): boolean => this.agents.get(key(controllerId)) ?? false;

  /** Joins a controller's updates while a screen shows it; returns the leave. */
  watch(controllerId: string): () => void {
    const id = key(controllerId);
    this.watched.set(id, (this.watched.get(id) ?? 0) + 1);
    if (this.watched.get(id) === 1 && this.serverConnected) this.join(id);
    return () => {
      const left = (this.watched.get(id) ?? 1) - 1;
      if (left <= 0) this.watched.delete(id);
      else this.watched.set(id, left);
    };
  }

  /** Starts a request on a controller's agent; rejects at once while the server socket is down. */
  request(controllerId: string, input: RequestInput, handlers: RequestHandlers = {}): RunningRequest {
    const requestId = newRequestId();
    const result = new Promise<unknown>((resolve, reject) => {
      if (!this.serverConnected) return reject(new RequestFailedError(inactiveWhileDisconnected, null));
      this.pending.set(requestId, { ...handlers, resolve, reject });
      const request: z.input<typeof browserRequestSchema> = { ...input, syrxControllerId: controllerId, requestId };
      this.socket.emit(clientEvents.startRequest, request);
    });
    const stop = () => {
      const p = this.pending.get(requestId);
      if (!p) return;
      this.pending.delete(requestId);
      this.socket.emit(clientEvents.stopRequest, { requestId });
      p.reject(new RequestStoppedError());
    };
    return { requestId, result, stop };
  }

  private join(id: string): void {
    this.socket.emit(clientEvents.connect, { syrxControllerId: id }, (ack: unknown) => {
      const parsed = connectAckSchema.safeParse(ack);
      this.setAgent(id, parsed.success && 'connected' in parsed.data && parsed.data.connected);
    });
  }

  private setAgent(controllerId: string, connected: boolean): void {
    this.agents.set(key(controllerId), connected);
    this.notify();
  }

  private route(payload: unknown): void {
    const response = requestResponseSchema.safeParse(payload);
    if (!response.success) return;
    const { requestId } = response.data;
    const p = this.pending.get(requestId);
    if (!p) return;
    const answer = readAnswer(response.data);
    switch (answer.kind) {
      case 'acknowledgement':
        return;
      case 'data':
        return p.onData?.(answer.data);
      case 'complete':
        this.pending.delete(requestId);
        return p.resolve(answer.data);
      case 'exception':
        // The agent may still be working (a device error mid-way): tell it to stop.
        this.pending.delete(requestId);
        this.socket.emit(clientEvents.stopRequest, { requestId });
        return p.reject(answer.error);
    }
  }

  private failAll(message: string): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(new RequestFailedError(message, null));
  }

  private changed(controllerId: string, change: ControllerChange): void {
    for (const listener of this.changeListeners) listener(key(controllerId), change);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
