import type { FastifyInstance } from 'fastify';
import { Server, type ServerOptions } from 'socket.io';
import { agentEvents, agentNamespace } from '@syrx/contracts/agent-protocol';
import { clientEvents, exceptionResponse, type ResponseData } from '@syrx/contracts/realtime';
import type { AppContext } from '../../app-context.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { KeyedQueue } from '../../lib/keyed-queue.ts';
import { attachAgentSockets, type LinkForwarding } from './agent-sockets.ts';
import { attachBrowserSockets } from './browser-sockets.ts';
import { attachLiveLogSockets } from './live-log-sockets.ts';
import { attachTerminalSockets } from './terminal-sockets.ts';
import { RequestRelay } from './request-relay.ts';
import { agentRoom, background } from './socket-helpers.ts';

/** Events between server instances (Socket.IO's serverSideEmit, through the adapter). */
const linkEvents = { answer: 'agent-link:answer', agentLeft: 'agent-link:agent-left' } as const;

/** The largest Socket.IO message accepted (Socket.IO's default is 1 MB). */
export const maxMessageBytes = 32 * 1024 * 1024;

/**
 * Socket.IO for browsers (the default namespace, `/live-logs` and `/terminal`, the session cookie) and agents
 * (`/agent`, controller id and password). Browser requests are relayed to the controller's agent room; answers go back to the asking
 * socket by id, so the relay works across server instances with a shared adapter. The server's own calls
 * (AgentLink) go the same way with a `server:` reply address.
 */
export function attachRealtime(
  app: FastifyInstance, ctx: AppContext, events: DomainEvents,
  { adapter, attach = true }: { adapter?: ServerOptions['adapter'] | undefined; attach?: boolean } = {},
): Server {
  // Agent uploads are batches (1000 log entries of up to 30,000 characters, a diagnostics snapshot of thousands of
  // processes and queues): a message above the limit would cut the agent's connection, and it would send it again.
  const options: Partial<ServerOptions> = { serveClient: false, cors: { origin: false }, maxHttpBufferSize: maxMessageBytes, ...(adapter ? { adapter } : {}) };
  // Not attached (an instance without the realtime role): no sockets of its own, it emits through the adapter.
  const io = attach ? new Server(app.server, options) : new Server(options);
  const agents = io.of(agentNamespace);
  const relay = new RequestRelay();
  const { services } = ctx;
  const log = app.log;

  const agentConnected = async (controllerId: string) => (await agents.in(agentRoom(controllerId)).fetchSockets()).length > 0;
  const fail = (socketId: string, requestId: string, type: string, message: string) =>
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
  events.on('controller-deleted', (id) => agents.in(agentRoom(id)).disconnectSockets(true));

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

  const liveLogs = attachLiveLogSockets({ app, io, agents, services, log, agentConnected });
  const terminals = attachTerminalSockets({ app, io, agents, services, log, agentConnected });
  attachAgentSockets({ io, agents, relay, services, log, agentConnected, fail, link: toLink, extensions: [liveLogs, terminals], pushConfig });
  attachBrowserSockets({ app, io, agents, relay, services, log, agentConnected, fail });

  // Before fastify closes the HTTP server: fail the server's own calls and drop every connection so it can close
  // promptly. Only the connections: a socket disconnected by the server ("io server disconnect") is told not to come
  // back, and agents must reconnect to the next server (a restart, another instance) and send what they buffered.
  app.addHook('preClose', async () => {
    services.agentLink.close();
    relay.clear();
    (io.engine as Server['engine'] | undefined)?.close();
  });
  return io;
}
