import { io, type Socket } from 'socket.io-client';
import { agentAuthErrors, agentConfigSchema, agentEvents, agentNamespace, type AgentConfig, type Heartbeat } from '@syrx/contracts/agent-protocol';
import { exceptionResponse } from '@syrx/contracts/realtime';
import type { AgentSettings } from './config/env.ts';
import type { Logger } from './logger.ts';
import { answerRequest, type RequestHandler, type ServiceContext, type ServiceModule, type ResponseSink } from './services/service-module.ts';

export const agentVersion = '1.0.0';

/** What the socket needs; the BACnet settings are the services' (main.ts passes the whole AgentSettings). */
export type AgentLinkSettings = Pick<AgentSettings, 'serverUrl' | 'controllerId' | 'controllerPassword' | 'heartbeatSeconds'> & Partial<AgentSettings>;

export interface AgentOptions {
  settings: AgentLinkSettings;
  logger: Logger;
  services: ServiceModule[];
}

export interface RunningAgent {
  readonly socket: Socket;
  /** The configuration the server last sent, or null before the first. */
  config(): AgentConfig | null;
  stop(): Promise<void>;
}

/** After refused credentials the agent waits this long before it tries again: no retry storm. */
const refusedRetryMs = 5 * 60_000;
/** How long a service waits for the server to acknowledge an event (it is sent once connected). */
const ackTimeoutMs = 60_000;

/**
 * The controller's agent: one socket to the server (reconnecting with backoff), a heartbeat with the
 * services' versions and unit statuses, the configuration the server pushes, and the services that
 * answer the server's requests.
 */
export function startAgent(opts: AgentOptions): RunningAgent {
  const { settings, logger } = opts;
  let config: AgentConfig | null = null;
  const socket = io(`${settings.serverUrl}${agentNamespace}`, {
    transports: ['websocket'],
    auth: { controller_id: settings.controllerId, password: settings.controllerPassword, agent_version: agentVersion },
    reconnectionDelay: 1000,
    reconnectionDelayMax: 30_000,
    randomizationFactor: 0.5,
  });
  const handlers = new Map<string, RequestHandler>();
  for (const s of opts.services) for (const [type, h] of Object.entries(s.requests ?? {})) handlers.set(type, h);
  const running = new Map<string, AbortController>();

  const heartbeat = (): Heartbeat => ({
    services: opts.services.map((s) => ({ service_id: s.id, reported_version: s.version, ...(s.diagnostics ? { diagnostics: s.diagnostics() } : {}) })),
    critical_statuses: opts.services.map((s) => ({ unit: s.unit, active_state: s.state(), sub_state: s.state() === 'active' ? 'running' : 'dead' })),
  });
  const sendHeartbeat = () => socket.connected && socket.emit(agentEvents.heartbeat, heartbeat());
  const timer = setInterval(sendHeartbeat, settings.heartbeatSeconds * 1000);

  socket.on('connect', () => {
    logger.info({ server: settings.serverUrl }, 'connected to the server');
    sendHeartbeat();
  });
  socket.on('disconnect', (reason) => logger.warn({ reason }, 'disconnected from the server'));
  let retryTimer: NodeJS.Timeout | undefined;
  socket.on('connect_error', (err) => {
    if (err.message !== agentAuthErrors.invalid) return logger.warn({ err: err.message }, 'cannot reach the server; retrying');
    logger.error({ retryInMs: refusedRetryMs }, 'the server refused the controller id or password');
    socket.io.reconnection(false);
    retryTimer = setTimeout(() => { socket.io.reconnection(true); socket.connect(); }, refusedRetryMs);
  });
  socket.on(agentEvents.config, (payload: unknown) => {
    const parsed = agentConfigSchema.safeParse(payload);
    if (!parsed.success) return logger.error({ issues: parsed.error.issues }, 'unreadable configuration from the server');
    // The server pushes the configuration again whenever its device list changes: info only when the rest changed.
    const news = JSON.stringify([parsed.data.enabled_services, parsed.data.bacnet]) !== JSON.stringify([config?.enabled_services, config?.bacnet]);
    config = parsed.data;
    for (const s of opts.services) s.configure?.(parsed.data);
    logger[news ? 'info' : 'debug']({ services: parsed.data.enabled_services.length, bacnet: parsed.data.bacnet, devices: parsed.data.devices.length }, 'configuration received');
  });
  socket.on(agentEvents.request, (payload: { request: { requestId: string; requestType: string }; replyTo: string }) => {
    const { request, replyTo } = payload;
    const sink: ResponseSink = (data) => socket.emit(agentEvents.response, { requestId: request.requestId, replyTo, data });
    const handler = handlers.get(request.requestType);
    if (!handler) return sink(exceptionResponse('NotSupported', `This controller does not handle ${request.requestType} requests.`));
    const abort = new AbortController();
    running.set(request.requestId, abort);
    void answerRequest(handler, request, sink, abort.signal).finally(() => running.delete(request.requestId));
  });
  socket.on(agentEvents.stopRequest, (p: { requestId: string }) => running.get(p.requestId)?.abort());
  const context: ServiceContext = {
    emitWithAck: (event, payload) => socket.timeout(ackTimeoutMs).emitWithAck(event, payload) as Promise<unknown>,
    connected: () => socket.connected,
    onConnect: (listener) => socket.on('connect', listener),
  };
  for (const s of opts.services) s.start?.(context);

  return {
    socket,
    config: () => config,
    async stop() {
      clearInterval(timer);
      clearTimeout(retryTimer);
      for (const a of running.values()) a.abort();
      socket.disconnect();
      for (const s of opts.services) await s.stop?.();
    },
  };
}
