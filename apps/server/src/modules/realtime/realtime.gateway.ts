import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { agentEvents, agentHandshakeSchema, agentAuthErrors, agentNamespace, heartbeatSchema } from '@syrx/contracts/agent-protocol';
import { sessionCookies } from '@syrx/contracts/auth';
import {
  clientEvents, connectRequestSchema, exceptionResponse, inactiveWhileDisconnected, type RequestResponse, responseDataSchema, startRequestSchema,
} from '@syrx/contracts/realtime';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Actor } from '../users/users.service.ts';
import { RequestRelay } from './request-relay.ts';

const agentRoom = (controllerId: string) => `agent:${controllerId}`;
const browsersRoom = (controllerId: string) => `browsers:${controllerId}`;
const agentResponseSchema = z.object({ requestId: z.string(), replyTo: z.string(), data: responseDataSchema });
const requestTimeoutMs = { ReadProperty: 20_000, DiscoverDevices: 90_000 } as const;

/**
 * Socket.IO for browsers (default namespace, the session cookie) and agents (`/agent`, controller id and
 * password). Browser requests are relayed to the controller's agent room; answers go back to the asking
 * socket by id, so the relay works across server instances with a shared adapter.
 */
export function attachRealtime(app: FastifyInstance, ctx: AppContext, events: DomainEvents): Server {
  const io = new Server(app.server, { serveClient: false, cors: { origin: false } });
  const agents = io.of(agentNamespace);
  const relay = new RequestRelay();
  const { services } = ctx;

  const agentConnected = async (controllerId: string) => (await agents.in(agentRoom(controllerId)).fetchSockets()).length > 0;
  const respond = (socketId: string, r: RequestResponse) => io.to(socketId).emit(clientEvents.requestResponse, r);
  const fail = (socketId: string, requestId: string, type: string, message: string) =>
    respond(socketId, { requestId, exception: message, data: exceptionResponse(type, message) });
  const pushConfig = async (controllerId: string) => agents.to(agentRoom(controllerId)).emit(agentEvents.config, await services.agents.config(controllerId));

  events.on('controller-config-changed', (id) => void pushConfig(id).catch((err: unknown) => app.log.error({ err }, 'config push failed')));
  events.on('controller-deleted', (id) => agents.in(agentRoom(id)).disconnectSockets(true));

  agents.use((socket, next) => {
    const hs = agentHandshakeSchema.safeParse(socket.handshake.auth);
    if (!hs.success) return next(new Error(agentAuthErrors.invalid));
    services.agents.authenticate(hs.data.controller_id, hs.data.password).then((ok) => {
      if (!ok) {
        app.log.warn({ controllerId: hs.data.controller_id, address: socket.handshake.address }, 'agent refused: invalid credentials');
        return next(new Error(agentAuthErrors.invalid));
      }
      (socket.data as { controllerId: string }).controllerId = hs.data.controller_id;
      next();
    }, (err: unknown) => next(err instanceof Error ? err : new Error(String(err))));
  });

  agents.on('connection', (socket) => {
    const controllerId = (socket.data as { controllerId: string }).controllerId;
    void socket.join(agentRoom(controllerId));
    io.to(browsersRoom(controllerId)).emit(clientEvents.agentStatus, { syrxControllerId: controllerId, connected: true });
    services.agents.config(controllerId).then(
      (c) => socket.emit(agentEvents.config, c),
      (err: unknown) => app.log.error({ err, controllerId }, 'configuration not sent to the agent'),
    );
    socket.on(agentEvents.heartbeat, (payload: unknown, ack?: (r: { ok: boolean }) => void) => {
      const hb = heartbeatSchema.safeParse(payload);
      if (!hb.success) return ack?.({ ok: false });
      services.agents.recordHeartbeat(controllerId, hb.data).then(() => ack?.({ ok: true }), (err: unknown) => {
        app.log.error({ err, controllerId }, 'heartbeat not recorded');
        ack?.({ ok: false });
      });
    });
    socket.on(agentEvents.response, (payload: unknown) => {
      const r = agentResponseSchema.safeParse(payload);
      if (!r.success) return;
      if (r.data.data.IsComplete) relay.finish(r.data.requestId);
      respond(r.data.replyTo, { requestId: r.data.requestId, exception: r.data.data.IsException ? (r.data.data.ExceptionMessage ?? 'Error') : null, data: r.data.data });
    });
    socket.on('disconnect', () => {
      agentConnected(controllerId).then((still) => {
        if (still) return;
        io.to(browsersRoom(controllerId)).emit(clientEvents.agentStatus, { syrxControllerId: controllerId, connected: false });
        for (const p of relay.takeWhere((x) => x.controllerId === controllerId)) fail(p.socketId, p.requestId, 'AgentDisconnected', inactiveWhileDisconnected);
      }, (err: unknown) => app.log.error({ err, controllerId }, 'agent disconnect not handled'));
    });
  });

  io.use((socket, next) => {
    const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
    services.auth.userOfAccessToken(cookies[sessionCookies.access]).then(async (userId) => {
      if (userId === null) return next(new Error('not signed in'));
      (socket.data as { actor: Actor }).actor = await services.users.actor(userId);
      next();
    }, (err: unknown) => next(err instanceof Error ? err : new Error(String(err))));
  });

  io.on('connection', (socket: Socket) => {
    const actor = (socket.data as { actor: Actor }).actor;
    const joined = new Set<string>();
    socket.on(clientEvents.connect, (payload: unknown, ack?: (r: { connected: boolean } | { error: string }) => void) => {
      const req = connectRequestSchema.safeParse(payload);
      if (!req.success) return ack?.({ error: 'syrxControllerId is required' });
      const id = req.data.syrxControllerId.toLowerCase();
      services.controllers.accessible(actor, id).then(async () => {
        joined.add(id);
        await socket.join(browsersRoom(id));
        const connected = await agentConnected(id);
        ack?.({ connected });
        socket.emit(clientEvents.agentStatus, { syrxControllerId: id, connected });
      }, () => ack?.({ error: 'The Syrx controller was not found.' }));
    });
    socket.on(clientEvents.startRequest, (payload: unknown) => {
      const req = startRequestSchema.safeParse(payload);
      const requestId = (payload as { requestId?: unknown } | null)?.requestId;
      if (!req.success) return typeof requestId === 'string' && fail(socket.id, requestId, 'InvalidRequest', req.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const id = req.data.syrxControllerId.toLowerCase();
      if (!joined.has(id)) return fail(socket.id, req.data.requestId, 'NotConnected', 'Connect to the controller first.');
      agentConnected(id).then((connected) => {
        if (!connected) return fail(socket.id, req.data.requestId, 'AgentDisconnected', inactiveWhileDisconnected);
        relay.add({ requestId: req.data.requestId, controllerId: id, socketId: socket.id }, requestTimeoutMs[req.data.requestType], (p) => {
          agents.to(agentRoom(id)).emit(agentEvents.stopRequest, { requestId: p.requestId });
          fail(p.socketId, p.requestId, 'Timeout', 'The controller did not answer in time.');
        });
        agents.to(agentRoom(id)).emit(agentEvents.request, { request: { ...req.data, syrxControllerId: id }, replyTo: socket.id });
      }, () => fail(socket.id, req.data.requestId, 'AgentDisconnected', inactiveWhileDisconnected));
    });
    socket.on(clientEvents.stopRequest, (payload: unknown) => {
      const requestId = (payload as { requestId?: unknown } | null)?.requestId;
      if (typeof requestId !== 'string') return;
      const p = relay.finish(requestId);
      if (p) agents.to(agentRoom(p.controllerId)).emit(agentEvents.stopRequest, { requestId });
    });
    socket.on('disconnect', () => {
      for (const p of relay.takeWhere((x) => x.socketId === socket.id)) agents.to(agentRoom(p.controllerId)).emit(agentEvents.stopRequest, { requestId: p.requestId });
    });
  });

  // Before fastify closes the HTTP server: drop every socket so the server can close promptly.
  app.addHook('preClose', async () => {
    relay.clear();
    agents.disconnectSockets(true);
    io.disconnectSockets(true);
    io.engine.close();
  });
  return io;
}
