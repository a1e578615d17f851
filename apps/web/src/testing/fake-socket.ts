import type { RealtimeSocket } from '../lib/realtime/realtime-client';

type Listener = (...args: unknown[]) => void;

export interface Emitted {
  event: string;
  payload: unknown;
}

/**
 * A stand-in for the page's Socket.IO connection: records what the page emits, lets a test play the server
 * (`serverEmit`), and answers client/server/connect like apps/server (agent connected unless told otherwise).
 */
export class FakeSocket implements RealtimeSocket {
  connected = false;
  agentConnected = true;
  readonly emitted: Emitted[] = [];
  /** Called for every start-request, to play the agent. */
  onStartRequest: ((request: Record<string, unknown>) => void) | undefined;
  private readonly listeners = new Map<string, Listener[]>();

  on(event: string, listener: (...args: never[]) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener]);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, payload: args[0] });
    const ack = args[1] as ((answer: unknown) => void) | undefined;
    if (event === 'client/server/connect') ack?.({ connected: this.agentConnected });
    if (event === 'client/server/start-request') this.onStartRequest?.(args[0] as Record<string, unknown>);
    return this;
  }

  /** The server sends an event to the page. */
  serverEmit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  connectNow(): void {
    this.connected = true;
    this.serverEmit('connect');
  }

  disconnectNow(): void {
    this.connected = false;
    this.serverEmit('disconnect', 'transport close');
  }

  /** The payloads the page emitted for one event. */
  sent(event: string): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }
}

/** A socket that is connected from the start, as the browser's usually is by the time a screen asks. */
export function connectedSocket(): FakeSocket {
  const socket = new FakeSocket();
  socket.connected = true;
  return socket;
}
