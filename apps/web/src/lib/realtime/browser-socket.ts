import { io } from 'socket.io-client';
import type { RealtimeSocket } from './realtime-client';
import type { NamespaceSocket } from './namespace-socket';

const options = { transports: ['websocket'], withCredentials: true };

/**
 * The page's Socket.IO connection to its own origin: websocket only (long-polling first doubles the connect
 * time) and the session cookie, which the browser sends with the same-origin handshake.
 */
export const createBrowserSocket = (): RealtimeSocket => io(options);

/**
 * A connection of one screen to a namespace of its own (/live-logs, /terminal). socket.io-client multiplexes it
 * over the page's connection when one is open; the screen disconnects it when it closes.
 */
export const createBrowserNamespaceSocket = (namespace: string): NamespaceSocket => io(namespace, options);
