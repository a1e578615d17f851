import type { EventAck, ServiceContext } from '../services/service-module.ts';

export interface Emitted {
  event: string;
  payload: unknown;
}

/**
 * The server's side of the agent's socket as a service sees it, recording: what the service emits (with or without
 * acknowledgement: acknowledged uploads answer { ok: true, stored }), events the test delivers as the server would,
 * and the connection going down and coming back.
 */
export function recordingContext() {
  const emitted: Emitted[] = [];
  const listeners = new Map<string, ((payload: unknown, ack?: EventAck) => void)[]>();
  const connectListeners: (() => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  const state = { connected: true };

  const context: ServiceContext = {
    async emitWithAck(event, payload) {
      if (!state.connected) throw new Error('operation has timed out');
      emitted.push({ event, payload });
      const items = Object.values(payload as Record<string, unknown>).find(Array.isArray);
      return { ok: true, stored: items?.length ?? 1 };
    },
    emit(event, payload) {
      if (state.connected) emitted.push({ event, payload });
    },
    connected: () => state.connected,
    onConnect: (listener) => connectListeners.push(listener),
    onDisconnect: (listener) => disconnectListeners.push(listener),
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
  };

  return {
    context,
    emitted,
    /** The payloads emitted on `event`, in order. */
    payloads<T = unknown>(event: string): T[] {
      return emitted.filter((e) => e.event === event).map((e) => e.payload as T);
    },
    /** The server sends `event`; resolves with the agent's acknowledgement. */
    request(event: string, payload: unknown): Promise<unknown> {
      return new Promise((resolve) => {
        for (const l of listeners.get(event) ?? []) l(payload, resolve);
      });
    },
    /** The server sends `event` without asking for an acknowledgement. */
    send(event: string, payload: unknown): void {
      for (const l of listeners.get(event) ?? []) l(payload);
    },
    disconnect(): void {
      state.connected = false;
      for (const l of disconnectListeners) l();
    },
    reconnect(): void {
      state.connected = true;
      for (const l of connectListeners) l();
    },
  };
}
export type RecordingContext = ReturnType<typeof recordingContext>;
