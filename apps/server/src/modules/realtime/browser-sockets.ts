import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import { AppError } from '@syrx/contracts/errors';
import { browserRequestSchema, clientEvents, connectRequestSchema, type ExceptionType, inactiveWhileDisconnected } from '@syrx/contracts/realtime';
import type { RealtimeServices } from './realtime-services.ts';
import { requestTimeoutMs } from './agent-link.service.ts';
import { browserAuth, currentActorOf } from './browser-auth.ts';
import type { RequestRelay } from './request-relay.ts';
import { ackOf, agentRoom, background, browsersRoom } from './socket-helpers.ts';

export interface BrowserSocketsDeps {
  app: FastifyInstance;
  io: Server;
  agents: Namespace;
  relay: RequestRelay;
  services: RealtimeServices;
  log: FastifyBaseLogger;
  agentConnected: (controllerId: string) => Promise<boolean>;
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

    socket.on(clientEvents.connect, (payload: unknown, ack: unknown) => {
      const reply = ackOf<{ connected: boolean } | { error: string }>(ack);
      const req = connectRequestSchema.safeParse(payload);
      if (!req.success) return reply({ error: 'syrxControllerId is required' });
      const id = req.data.syrxControllerId.toLowerCase();
      background(log, 'browser not connected to the controller', context, async () => {
        try {
          await services.controllers.accessible(await currentActorOf(socket, services.users), id);
        } catch (err) {
          if (err instanceof AppError && err.status < 500) return reply({ error: 'The Syrx controller was not found.' });
          throw err;
        }
        joined.add(id);
        await socket.join(browsersRoom(id));
        const connected = await agentConnected(id);
        reply({ connected });
        socket.emit(clientEvents.agentStatus, { syrxControllerId: id, connected });
      });
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
