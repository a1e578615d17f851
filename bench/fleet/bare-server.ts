/**
 * The baseline (child of bench/fleet.ts): bare Socket.IO on an HTTP server, a namespace `/agent` that acknowledges
 * heartbeats and nothing else. Usage: bare-server.ts <host> <port>. Says `ready` once it listens.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { agentEvents, agentNamespace } from '@syrx/contracts/agent-protocol';
import type { ChildMessage } from './protocol.ts';

const [host = '127.0.0.1', port = '0'] = process.argv.slice(2);
const httpServer = createServer();
const io = new Server(httpServer);
io.of(agentNamespace).on('connection', (socket) => {
  socket.on(agentEvents.heartbeat, (_payload: unknown, ack: unknown) => {
    if (typeof ack === 'function') (ack as (r: { ok: boolean }) => void)({ ok: true });
  });
});
httpServer.listen(Number(port), host, () => process.send?.({ type: 'ready' } satisfies ChildMessage));
process.on('disconnect', () => process.exit(0));
