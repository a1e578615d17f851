import type { Socket } from 'socket.io';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import { browserRequestSchema, clientEvents, type ExceptionType, inactiveWhileDisconnected } from '@syrx/contracts/realtime';
import { requestTimeoutMs } from './agent-link.service.ts';
import { browserAuth } from './browser-auth.ts';
import type { RequestRelay } from './request-relay.ts';
import { agentRoom, background, browsersRoom, onControllerRequest, type SocketsDeps } from './socket-helpers.ts';

export interface BrowserSocketsDeps extends SocketsDeps {
  relay: RequestRelay;
  fail: (socketId: string, requestId: string, type: ExceptionType, message: string) => void;
}

/**
 * The browsers' namespace (the session cookie): join a controller the user may see, learn whether its agent is
 * connected, and relay requests to that agent (spec 01 section 7).
 */
export function attachBrowserSockets({ app, io, agents, relay, services, log, agentConnected, fail }: BrowserSocketsDeps): void {
  io.use(browserAuth(app, services));

  io.on('connection', (socket: Socket) => {
    const joined = new Set<string>();
    const context = { socketId: socket.id };

    onControllerRequest<{ connected: boolean }>(socket, clientEvents.connect, { services, log }, 'browser not connected to the controller', async (id, reply) => {
      joined.add(id);
      await socket.join(browsersRoom(id));
      const connected = await agentConnected(id);
      reply({ connected });
      socket.emit(clientEvents.agentStatus, { syrxControllerId: id, connected });
    });

    socket.on(clientEvents.startRequest, (payload: unknown) => {
      const req = browserRequestSchema.safeParse(payload);
      const requestId = (payload as { requestId?: unknown } | null | undefined)?.requestId;
      if (!req.success) {
        if (typeof requestId === 'string') fail(socket.id, requestId, 'InvalidRequest', req.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
        return;
      }
      const id = req.data.syrxControllerId.toLowerCase();
      if (!joined.has(id)) return fail(socket.id, req.data.requestId, 'NotConnected', 'Connect to the controller first.');
      background(log, 'browser request not relayed', context, async () => {
        if (!(await agentConnected(id))) return fail(socket.id, req.data.requestId, 'AgentDisconnected', inactiveWhileDisconnected);
        relay.add({ requestId: req.data.requestId, controllerId: id, socketId: socket.id }, requestTimeoutMs[req.data.requestType], (p) => {
          agents.to(agentRoom(id)).emit(agentEvents.stopRequest, { requestId: p.requestId });
          fail(p.socketId, p.requestId, 'Timeout', 'The controller did not answer in time.');
        });
        agents.to(agentRoom(id)).emit(agentEvents.request, { request: { ...req.data, syrxControllerId: id }, replyTo: socket.id });
      });
    });

    socket.on(clientEvents.stopRequest, (payload: unknown) => {
      const requestId = (payload as { requestId?: unknown } | null | undefined)?.requestId;
      if (typeof requestId !== 'string') return;
      const p = relay.finish(socket.id, requestId);
      if (p) agents.to(agentRoom(p.controllerId)).emit(agentEvents.stopRequest, { requestId });
    });

    socket.on('disconnect', () => {
      for (const p of relay.takeWhere((x) => x.socketId === socket.id)) agents.to(agentRoom(p.controllerId)).emit(agentEvents.stopRequest, { requestId: p.requestId });
    });
  });
}
