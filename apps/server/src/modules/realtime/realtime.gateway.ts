import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type ServerOptions } from 'socket.io';
import { agentEvents, agentNamespace } from '@syrx/contracts/agent-protocol';
import { clientEvents, type ExceptionType, exceptionResponse, type ResponseData } from '@syrx/contracts/realtime';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { KeyedQueue } from '../../lib/keyed-queue.ts';
import { attachAgentSockets, type LinkForwarding, type ReplyForwarding } from './agent-sockets.ts';
import { attachBrowserSockets } from './browser-sockets.ts';
import { attachLiveLogSockets } from './live-log-sockets.ts';
import { attachTerminalSockets } from './terminal-sockets.ts';
import { RequestRelay } from './request-relay.ts';
import { watchSilentAgents } from './status-watch.ts';
import type { RealtimeServices } from './realtime-services.ts';
import { agentRoom, background, browsersRoom } from './socket-helpers.ts';
import { closeSocketsOfUser } from './user-sockets.ts';

/** Events between server instances (Socket.IO's serverSideEmit, through the adapter). */
const linkEvents = { answer: 'agent-link:answer', agentLeft: 'agent-link:agent-left' } as const;
const relayEvents = { answer: 'relay:answer' } as const;

/** The largest Socket.IO message accepted (Socket.IO's default is 1 MB). */
export const maxMessageBytes = 32 * 1024 * 1024;

/**
 * Takes a handshake only from a page of the console's own origins (PUBLIC_URL's and ALLOWED_ORIGINS) or from a client
 * that sends no Origin (agents, scripts; a browser always sends one with a WebSocket). A browser would send the user's
 * session cookie with a socket another site's page opens (cross-site WebSocket hijacking); the Origin header, which a
 * page cannot set, tells them apart. Refused with 403: engine.io answers a refused polling handshake so, but a refused
 * WebSocket upgrade with a bare 400, so the upgrade's answer is written here first (engine.io then only closes it).
 */
function consoleOriginsOnly(allowed: readonly string[], log: FastifyBaseLogger): NonNullable<ServerOptions['allowRequest']> {
  const origins = new Set(allowed);
  const refusal = 'This origin may not open the console\'s sockets.';
  return (req, callback) => {
    const origin = req.headers.origin;
    if (origin === undefined || origins.has(origin)) return callback(null, true);
    log.warn({ origin, address: req.socket.remoteAddress }, 'socket handshake refused: not one of the console\'s origins');
    if (req.headers.upgrade !== undefined && req.socket.writable) {
      req.socket.end(`HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(refusal)}\r\n\r\n${refusal}`);
    }
    callback(refusal, false);
  };
}

/**
 * Socket.IO for browsers (the default namespace, `/live-logs` and `/terminal`, the session cookie) and agents
 * (`/agent`, controller id and password). Browser requests are relayed to the controller's agent room; answers go back to
 * the asking socket from the instance that holds the request, and only when it was made to the answering agent's
 * controller (other instances pass answers on through the adapter). The server's own calls (AgentLink) go the same
 * way with a `server:` reply address.
 */
export function attachRealtime(
  app: FastifyInstance, { allowedOrigins, services }: { allowedOrigins: readonly string[]; services: RealtimeServices }, events: DomainEvents,
  { adapter, attach = true }: { adapter?: ServerOptions['adapter'] | undefined; attach?: boolean } = {},
): Server {
  // Agent uploads are batches (1000 log entries of up to 30,000 characters, a diagnostics snapshot of thousands of
  // processes and queues): a message above the limit would cut the agent's connection, and it would send it again.
  const options: Partial<ServerOptions> = {
    serveClient: false, cors: { origin: false }, maxHttpBufferSize: maxMessageBytes, allowRequest: consoleOriginsOnly(allowedOrigins, app.log),
    ...(adapter ? { adapter } : {}),
  };
  // Not attached (an instance without the realtime role): no sockets of its own, it emits through the adapter.
  const io = attach ? new Server(app.server, options) : new Server(options);
  const agents = io.of(agentNamespace);
  const relay = new RequestRelay();
  const log = app.log;

  const agentConnected = async (controllerId: string) => (await agents.in(agentRoom(controllerId)).fetchSockets()).length > 0;
  const fail = (socketId: string, requestId: string, type: ExceptionType, message: string) =>
    io.to(socketId).emit(clientEvents.requestResponse, { requestId, exception: message, data: exceptionResponse(type, message) });

  // The server's own calls: the agent answers on its socket, to whichever instance holds it. An answer to a call of
  // another instance (or the agent leaving) goes to the other instances, and the one that made the call takes it.
  io.on(linkEvents.answer, (controllerId: string, requestId: string, data: ResponseData) => services.agentLink.deliver(controllerId, requestId, data));
  io.on(linkEvents.agentLeft, (controllerId: string) => services.agentLink.agentLeft(controllerId));
  services.agentLink.bind({
    connected: agentConnected,
    send: (controllerId, payload) => agents.to(agentRoom(controllerId)).emit(agentEvents.request, payload),
    stop: (controllerId, requestId) => agents.to(agentRoom(controllerId)).emit(agentEvents.stopRequest, { requestId }),
  });

  // A controller's configurations go out one at a time, each read when its turn comes: pushes started by changes close
  // together (or by the agent connecting) cannot overtake one another, so the last one the agent gets is the current
  // one. (Read side by side, an older configuration read slowly could arrive last and undo a newer one.)
  const configPushes = new KeyedQueue();
  const pushConfig = (id: string, send: (config: unknown) => void = (config) => agents.to(agentRoom(id)).emit(agentEvents.config, config)) =>
    configPushes.run(id, async () => send(await services.agents.config(id)));

  // The agent's configuration lists its devices too: pushed again whenever it changes.
  events.on('controller-config-changed', (id) => {
    background(log, 'configuration not pushed to the agent', { controllerId: id }, () => pushConfig(id));
  });
  // It lists the published versions of its services too: a publication reaches every agent running the service.
  events.on('service-versions-changed', (serviceId) => {
    background(log, 'configuration not pushed to the agents', { serviceId }, async () => {
      // Only the connected ones (across instances): the others get theirs when they connect.
      const connected = new Set((await agents.fetchSockets()).map((s) => (s.data as { controllerId?: string }).controllerId));
      for (const id of await services.agents.controllersWithService(serviceId)) {
        if (connected.has(id)) await pushConfig(id);
      }
    });
  });
  events.on('records-backfill-requested', (id, request) => agents.to(agentRoom(id)).emit(agentEvents.backfill, request));
  events.on('controller-deleted', (id) => agents.in(agentRoom(id)).disconnectSockets(true));
  events.on('user-deactivated', (userId) => background(log, "a deactivated user's sockets were not closed", { userId }, () => closeSocketsOfUser(io, userId)));
  // A staged reload's progress, to the controller's browsers (the dialog that asked knows its read id).
  events.on('point-read-progress', (p) => io.to(browsersRoom(p.syrxControllerId)).emit(clientEvents.pointReadProgress, p));

  // Alone (no shared adapter) there are no other instances to tell.
  const toOthers = adapter ? (...args: [string, ...unknown[]]) => io.serverSideEmit(...args) : () => undefined;
  const toLink: LinkForwarding = {
    answer(controllerId, requestId, data) {
      if (!services.agentLink.deliver(controllerId, requestId, data)) toOthers(linkEvents.answer, controllerId, requestId, data);
    },
    agentLeft(controllerId) {
      services.agentLink.agentLeft(controllerId);
      toOthers(linkEvents.agentLeft, controllerId);
    },
  };

  // An agent's reply to a browser's request: the agent names the request and the socket, but only a request that
  // belongs to its own controller is answered, and only to the socket that made it. The request is held by the asking
  // socket's instance; an instance without it passes the reply to the others (no other instance takes it).
  const relayReply = (controllerId: string, socketId: string, requestId: string, data: ResponseData): boolean => {
    const p = relay.get(socketId, requestId);
    if (!p) return false;
    if (p.controllerId !== controllerId) {
      log.warn({ controllerId, requestControllerId: p.controllerId, requestId, socketId }, "agent reply dropped: the request is another controller's");
      return true;
    }
    if (data.IsComplete) relay.finish(socketId, requestId);
    io.local.to(socketId).emit(clientEvents.requestResponse, { requestId, exception: data.IsException ? (data.ExceptionMessage ?? 'Error') : null, data });
    return true;
  };
  io.on(relayEvents.answer, (controllerId: string, socketId: string, requestId: string, data: ResponseData) => relayReply(controllerId, socketId, requestId, data));
  const toRelay: ReplyForwarding = {
    answer(controllerId, socketId, requestId, data) {
      if (relayReply(controllerId, socketId, requestId, data)) return;
      if (adapter) toOthers(relayEvents.answer, controllerId, socketId, requestId, data);
      // Alone: a reply to no request (it timed out, or the agent made it up) goes nowhere.
      else log.debug({ controllerId, requestId, socketId }, 'agent reply dropped: no such request');
    },
  };

  const liveLogs = attachLiveLogSockets({ app, io, agents, services, log, agentConnected });
  const terminals = attachTerminalSockets({ app, io, agents, services, log, agentConnected });
  const agentSockets = attachAgentSockets({ io, agents, relay, services, log, agentConnected, fail, link: toLink, replies: toRelay, extensions: [liveLogs, terminals], pushConfig });
  attachBrowserSockets({ app, io, agents, relay, services, log, agentConnected, fail });
  // Browsers hear of agents falling silent from the instance they are connected to.
  const silence = watchSilentAgents(io, services.agents, log);
  if (attach) app.addHook('onReady', async () => silence.start());

  // Before fastify closes the HTTP server: fail the server's own calls and drop every connection so it can close
  // promptly. Only the connections: a socket disconnected by the server ("io server disconnect") is told not to come
  // back, and agents must reconnect to the next server (a restart, another instance) and send what they buffered.
  app.addHook('preClose', async () => {
    silence.stop();
    services.agentLink.close();
    relay.clear();
    (io.engine as Server['engine'] | undefined)?.close();
    await agentSockets.close();
  });
  return io;
}
