import { z } from 'zod';
import { liveLogEntrySchema, liveLogEvents } from '@syrx/contracts/live-logs';
import { connectAckSchema } from '@syrx/contracts/realtime';
import type { CreateNamespaceSocket } from '../../../lib/realtime/namespace-socket';
import { type LiveLogBuffer, type LiveLogRow, emptyBuffer, receive } from './live-log-buffer';

/** Runs a callback before the next paint; tests pass one they drive by hand. */
export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

export const animationFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/** connecting: asking the server; watching: the server relays the agent's journal; refused: the server said why not. */
export type LiveLogConnection = { state: 'connecting' } | { state: 'watching' } | { state: 'disconnected' } | { state: 'refused'; error: string };

export interface LiveLogStreamState {
  buffer: LiveLogBuffer;
  connection: LiveLogConnection;
}

const messageSchema = z.object({ syrxControllerId: z.string().optional(), logEntries: z.array(z.unknown()) });

/**
 * One controller's live log (namespace /live-logs): connects with syrxControllerId (again after every reconnect)
 * and gathers the entries of server/client/log-entries, adding them to the buffer once per animation frame so that
 * hundreds of entries a second cost one state update a frame. An external store for useSyncExternalStore.
 */
export class LiveLogStream {
  private state: LiveLogStreamState;
  private pending: LiveLogRow[] = [];
  private pendingDropped = 0;
  private frame: number | null = null;
  private seq = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly controllerId: string,
    private readonly frames: FrameScheduler = animationFrames,
  ) {
    this.state = { buffer: emptyBuffer(), connection: { state: 'connecting' } };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LiveLogStreamState => this.state;

  /** Changes the buffer (pause, resume, clear, retention) with whatever is waiting for the frame applied first. */
  update(change: (buffer: LiveLogBuffer) => LiveLogBuffer): void {
    this.flush();
    this.set({ buffer: change(this.state.buffer) });
  }

  /** Opens the namespace connection and starts watching; returns the stop (leave, disconnect, forget the frame). */
  start(createSocket: CreateNamespaceSocket): () => void {
    const socket = createSocket('/live-logs');
    const connect = () => {
      this.set({ connection: { state: 'connecting' } });
      socket.emit(liveLogEvents.connect, { syrxControllerId: this.controllerId }, (ack: unknown) => {
        const parsed = connectAckSchema.safeParse(ack);
        const error = parsed.success && 'error' in parsed.data ? parsed.data.error : parsed.success ? null : 'The server did not start the live log.';
        this.set({ connection: error === null ? { state: 'watching' } : { state: 'refused', error } });
      });
    };
    socket.on('connect', connect);
    socket.on('disconnect', () => this.set({ connection: { state: 'disconnected' } }));
    socket.on(liveLogEvents.logEntries, (message: unknown) => this.take(message));
    if (socket.connected) connect();
    return () => {
      if (this.frame !== null) this.frames.cancel(this.frame);
      this.frame = null;
      socket.emit(liveLogEvents.disconnect, { syrxControllerId: this.controllerId });
      socket.disconnect();
    };
  }

  private take(message: unknown): void {
    const parsed = messageSchema.safeParse(message);
    if (!parsed.success) return;
    const about = parsed.data.syrxControllerId;
    if (about !== undefined && about.toLowerCase() !== this.controllerId.toLowerCase()) return;
    for (const raw of parsed.data.logEntries) {
      const entry = liveLogEntrySchema.safeParse(raw);
      if (entry.success) this.pending.push({ ...entry.data, seq: (this.seq += 1) });
    }
    // A hidden tab gets no animation frames: keep no more than the buffer could show.
    const { retention } = this.state.buffer;
    if (this.pending.length > 2 * retention) {
      this.pendingDropped += this.pending.length - retention;
      this.pending = this.pending.slice(-retention);
    }
    this.frame ??= this.frames.request(() => {
      this.frame = null;
      this.flush();
    });
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const [incoming, dropped] = [this.pending, this.pendingDropped];
    [this.pending, this.pendingDropped] = [[], 0];
    const buffer = receive(this.state.buffer, incoming);
    this.set({ buffer: buffer.paused ? { ...buffer, droppedWhilePaused: buffer.droppedWhilePaused + dropped } : buffer });
  }

  private set(change: Partial<LiveLogStreamState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}
