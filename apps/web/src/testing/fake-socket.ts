import type { NamespaceSocket } from '../lib/realtime/namespace-socket';

type Listener = (...args: unknown[]) => void;

export interface Emitted {
  event: string;
  payload: unknown;
}

/**
 * A stand-in for a Socket.IO connection (the page's, or a screen's namespace): records what the page emits, lets a
 * test play the server (`serverEmit`), and answers client/server/connect like apps/server (agent connected unless
 * told otherwise). `answers` replace the acknowledgement of an event (the terminal's connect answers a terminal id).
 */
export class FakeSocket implements NamespaceSocket {
  connected = false;
  agentConnected = true;
  /** Set once the page disconnected this socket (a screen closed its namespace connection). */
  closed = false;
  readonly emitted: Emitted[] = [];
  readonly answers = new Map<string, (payload: unknown) => unknown>();
  /** Events the server leaves unacknowledged (it never answers). */
  readonly unanswered = new Set<string>();
  /** Called for every start-request, to play the agent. */
  onStartRequest: ((request: Record<string, unknown>) => void) | undefined;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(readonly namespace = '/') {}

  on(event: string, listener: (...args: never[]) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener]);
    return this;
  }

  off(event: string, listener?: (...args: never[]) => void): this {
    this.listeners.set(event, listener ? (this.listeners.get(event) ?? []).filter((l) => l !== listener) : []);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, payload: args[0] });
    let ack = args[1] as ((answer: unknown) => void) | undefined;
    const answer = this.answers.get(event);
    if (this.unanswered.has(event)) ack = undefined;
    if (answer) ack?.(answer(args[0]));
    else if (event === 'client/server/connect') ack?.({ connected: this.agentConnected });
    if (event === 'client/server/start-request') this.onStartRequest?.(args[0] as Record<string, unknown>);
    return this;
  }

  disconnect(): this {
    this.closed = true;
    this.connected = false;
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
export function connectedSocket(namespace = '/'): FakeSocket {
  const socket = new FakeSocket(namespace);
  socket.connected = true;
  return socket;
}

/**
 * The namespace connections a page opens, one fake each, connected as they open (tests can prepare answers
 * before the screen asks through `next`). `opened` lists them in order, the latest last.
 */
export class FakeNamespaces {
  readonly opened: FakeSocket[] = [];
  private readonly prepared = new Map<string, FakeSocket>();

  /** The socket the next connection to `namespace` gets. */
  next(namespace: string): FakeSocket {
    const socket = this.prepared.get(namespace) ?? connectedSocket(namespace);
    this.prepared.set(namespace, socket);
    return socket;
  }

  create = (namespace: string): FakeSocket => {
    const socket = this.next(namespace);
    this.prepared.delete(namespace);
    this.opened.push(socket);
    return socket;
  };

  /** The latest connection the page opened to `namespace`. */
  latest(namespace: string): FakeSocket | undefined {
    return this.opened.filter((s) => s.namespace === namespace).at(-1);
  }
}
