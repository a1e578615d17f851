import type { Socket } from 'socket.io-client';
import type { RealtimeSocket } from './realtime-client';
import type { NamespaceSocket } from './namespace-socket';

const options = { transports: ['websocket'], withCredentials: true };

/**
 * A Socket.IO socket whose client library loads when the socket is made (the sign-in page makes none, so it does
 * not download it). Until then listeners, emits and a disconnect wait, in order; an emit waits as Socket.IO's own
 * buffer makes it wait while not connected.
 */
class DeferredSocket implements NamespaceSocket {
  private socket: Socket | undefined;
  private waiting: ((socket: Socket) => void)[] = [];

  constructor(namespace: string | undefined) {
    void import('socket.io-client').then(({ io }) => {
      const socket = namespace === undefined ? io(options) : io(namespace, options);
      this.socket = socket;
      for (const call of this.waiting) call(socket);
      this.waiting = [];
    });
  }

  private use(call: (socket: Socket) => void): this {
    if (this.socket) call(this.socket);
    else this.waiting.push(call);
    return this;
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }
  on(event: string, listener: (...args: never[]) => void) {
    return this.use((s) => s.on(event, listener as (...args: unknown[]) => void));
  }
  off(event: string, listener?: (...args: never[]) => void) {
    return this.use((s) => s.off(event, listener as ((...args: unknown[]) => void) | undefined));
  }
  emit(event: string, ...args: unknown[]) {
    return this.use((s) => s.emit(event, ...args));
  }
  disconnect() {
    return this.use((s) => s.disconnect());
  }
}

/**
 * The page's Socket.IO connection to its own origin: websocket only (long-polling first doubles the connect
 * time) and the session cookie, which the browser sends with the same-origin handshake.
 */
export const createBrowserSocket = (): RealtimeSocket => new DeferredSocket(undefined);

/**
 * A connection of one screen to a namespace of its own (/live-logs, /terminal). socket.io-client multiplexes it
 * over the page's connection when one is open; the screen disconnects it when it closes.
 */
export const createBrowserNamespaceSocket = (namespace: string): NamespaceSocket => new DeferredSocket(namespace);
