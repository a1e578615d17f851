import { io } from 'socket.io-client';
import type { RealtimeSocket } from './realtime-client';

/**
 * The page's Socket.IO connection to its own origin: websocket only (long-polling first doubles the connect
 * time) and the session cookie, which the browser sends with the same-origin handshake.
 */
export const createBrowserSocket = (): RealtimeSocket => io({ transports: ['websocket'], withCredentials: true });
