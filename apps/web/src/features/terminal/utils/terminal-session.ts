import { z } from 'zod';
import { terminalClosedSchema, terminalEvents, terminalNamespace } from '@syrx/contracts/terminal';
import type { CreateNamespaceSocket, NamespaceSocket } from '../../../lib/realtime/namespace-socket';
import { readTerminalAck, terminalDimensions } from './terminal-ack';

/** idle: never connected; closed: ended by the user (reason null) or the server (its reason). */
export type TerminalState =
  | { kind: 'idle' }
  | { kind: 'connecting' }
  | { kind: 'open'; terminalId: string }
  | { kind: 'closed'; reason: string | null }
  | { kind: 'failed'; error: string };

/** The xterm.js screen a session draws on (a fake in tests). */
export interface TerminalScreen {
  write(data: string): void;
  size(): { cols: number; rows: number };
  reset(): void;
  focus(): void;
}

const outputSchema = z.object({ terminalId: z.string().optional(), data: z.string() });
export const connectTimeoutMs = 20_000;
export const connectionLost = 'The connection to the server was lost.';
const noAnswer = 'The server did not answer in time.';

/**
 * One terminal to a controller's agent over the /terminal namespace: Connect opens the namespace connection and
 * asks for a terminal (acknowledged with its id), keystrokes and sizes go to it, output comes back; Disconnect,
 * a close by the server (idle, replaced, agent gone) or a lost connection end it and close the connection.
 */
export class TerminalSession {
  private state: TerminalState = { kind: 'idle' };
  private socket: NamespaceSocket | null = null;
  private screen: TerminalScreen | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly agentId: string,
    private readonly createSocket: CreateNamespaceSocket,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): TerminalState => this.state;

  /** The screen to draw on while it is shown; returns the detach. */
  attach(screen: TerminalScreen): () => void {
    this.screen = screen;
    return () => {
      if (this.screen === screen) this.screen = null;
    };
  }

  connect(): void {
    if (this.state.kind === 'connecting' || this.state.kind === 'open') return;
    const socket = this.createSocket(terminalNamespace);
    this.socket = socket;
    this.screen?.reset();
    this.set({ kind: 'connecting' });
    socket.on(terminalEvents.output, (payload: unknown) => this.output(payload));
    socket.on(terminalEvents.closed, (payload: unknown) => {
      const closed = terminalClosedSchema.safeParse(payload);
      if (closed.success && this.isCurrent(closed.data.terminalId)) this.end({ kind: 'closed', reason: closed.data.reason });
    });
    // Our own disconnect() also fires 'disconnect'; by then this.socket is no longer this one.
    socket.on('disconnect', () => {
      if (this.socket === socket) this.end(this.state.kind === 'connecting' ? { kind: 'failed', error: connectionLost } : { kind: 'closed', reason: connectionLost });
    });
    const size = this.screen?.size() ?? { cols: 80, rows: 24 };
    this.timer = setTimeout(() => this.end({ kind: 'failed', error: noAnswer }), connectTimeoutMs);
    socket.emit(terminalEvents.connect, { agentId: this.agentId, dimensions: terminalDimensions(size.cols, size.rows) }, (ack: unknown) => {
      if (this.socket !== socket || this.state.kind !== 'connecting') return;
      clearTimeout(this.timer);
      const answer = readTerminalAck(ack);
      if (!answer.ok) return this.end({ kind: 'failed', error: answer.error });
      this.set({ kind: 'open', terminalId: answer.terminalId });
      this.screen?.focus();
    });
  }

  /** Keystrokes (and pasted text) typed into the screen. */
  send(data: string): void {
    if (this.state.kind === 'open') this.socket?.emit(terminalEvents.data, { terminalId: this.state.terminalId, data });
  }

  /** The screen was fitted to a new size. */
  resize(cols: number, rows: number): void {
    if (this.state.kind === 'open') this.socket?.emit(terminalEvents.resize, { terminalId: this.state.terminalId, dimensions: terminalDimensions(cols, rows) });
  }

  /** The user's Disconnect terminal (and leaving the page): the server closes the shell. */
  disconnect(): void {
    if (this.state.kind === 'open') this.socket?.emit(terminalEvents.disconnect, { terminalId: this.state.terminalId });
    if (this.state.kind === 'open' || this.state.kind === 'connecting') this.end({ kind: 'closed', reason: null });
  }

  private isCurrent(terminalId: string | undefined): boolean {
    return terminalId === undefined || this.state.kind === 'connecting' || (this.state.kind === 'open' && this.state.terminalId === terminalId);
  }

  private output(payload: unknown): void {
    const output = outputSchema.safeParse(payload);
    if (output.success && (this.state.kind === 'open' || this.state.kind === 'connecting') && this.isCurrent(output.data.terminalId)) {
      this.screen?.write(output.data.data);
    }
  }

  private end(state: Extract<TerminalState, { kind: 'closed' | 'failed' }>): void {
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    socket?.disconnect();
    this.set(state);
  }

  private set(state: TerminalState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
