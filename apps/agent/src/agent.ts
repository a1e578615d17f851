import { io, type Socket } from 'socket.io-client';
import { agentAuthErrors, agentConfigSchema, agentEvents, agentNamespace, type AgentConfig, type Heartbeat } from '@syrx/contracts/agent-protocol';
import { exceptionResponse } from '@syrx/contracts/realtime';
import { type ServiceId, serviceIds, serviceUnits } from '@syrx/contracts/services';
import type { AgentSettings } from './config/env.ts';
import { isServiceEnabled, withoutServices } from './lib/enabled-services.ts';
import type { Logger } from './logger.ts';
import { answerRequest, type AgentTask, type SupervisedService, type EventAck, type RequestHandler, type ServiceContext, type ServiceModule, type ResponseSink } from './services/service-module.ts';

/** Set by `npm run build:agent -- --version X` (esbuild's define); a run from the sources is the version below. */
declare const SYRX_AGENT_VERSION: string | undefined;
export const agentVersion: string = typeof SYRX_AGENT_VERSION === 'string' ? SYRX_AGENT_VERSION : '1.0.0';

/** What the socket needs; the BACnet settings are the services' (main.ts passes the whole AgentSettings). */
export type AgentLinkSettings = Pick<AgentSettings, 'serverUrl' | 'controllerId' | 'controllerPassword' | 'heartbeatSeconds'> & Partial<AgentSettings>;

export interface AgentOptions {
  settings: AgentLinkSettings;
  logger: Logger;
  services: ServiceModule[];
  /** Parts of the agent that are no controller service (log shipping, live logs): started first, stopped last. */
  tasks?: AgentTask[];
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

  // The updater may run services from packages in place of their modules (ServiceSupervisor).
  const supervisorModule = opts.services.find((s) => s.supervisor);
  const supervisor = supervisorModule?.supervisor;
  const modules = new Map(opts.services.map((s) => [s.id, s]));

  const heartbeat = (): Heartbeat => {
    const supervised: ReadonlyMap<string, SupervisedService> = supervisor?.services() ?? new Map();
    const ids = [...new Set([...modules.keys(), ...supervised.keys()])];
    const reports = ids.map((id) => {
      const m = modules.get(id);
      const p = supervised.get(id);
      // A package runs it (or is being started): its version and state, not the held-off module's.
      const packaged = p !== undefined && p.state !== null;
      const diagnostics = packaged ? p.diagnostics : m?.diagnostics?.();
      return {
        id,
        unit: m?.unit ?? serviceUnits[id as ServiceId] ?? id,
        state: packaged ? (p.state ?? 'inactive') : (m?.state() ?? 'inactive'),
        service: {
          service_id: id,
          reported_version: packaged ? p.version : (m?.version ?? null),
          ...(diagnostics ? { diagnostics } : {}),
          ...(p ? { rollout: p.rollout } : {}),
        },
      };
    });
    return {
      services: reports.map((r) => r.service),
      // The critical units are those of the services the controller should run (the updater always runs).
      critical_statuses: reports
        .filter((r) => r.id === serviceIds.updater || (config !== null && isServiceEnabled(config, r.id as ServiceId)))
        .map((r) => ({ unit: r.unit, active_state: r.state, sub_state: r.state === 'active' ? 'running' : 'dead' })),
      // The server calls the agent silent after two of these without word.
      heartbeat_seconds: settings.heartbeatSeconds,
    };
  };
  const sendHeartbeat = () => socket.connected && socket.emit(agentEvents.heartbeat, heartbeat());
  const timer = setInterval(sendHeartbeat, settings.heartbeatSeconds * 1000);

  /** The modules get the configuration without the services a package runs now, which keeps those modules off. */
  const configureModules = () => {
    if (!config) return;
    const effective = withoutServices(config, supervisor?.takenOver() ?? new Set());
    for (const s of opts.services) if (s !== supervisorModule) s.configure?.(effective);
  };
  supervisor?.onChange(() => {
    configureModules();
    sendHeartbeat();
  });

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
    supervisorModule?.configure?.(parsed.data);
    configureModules();
    // Which services should run changed: tell the server soon, once they have started, not at the next heartbeat.
    if (news) setTimeout(sendHeartbeat, 1000).unref();
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
    emit: (event, payload) => {
      if (socket.connected) socket.emit(event, payload);
    },
    on: (event, listener) => socket.on(event, (payload: unknown, ack?: unknown) => listener(payload, typeof ack === 'function' ? (ack as EventAck) : undefined)),
    onDisconnect: (listener) => socket.on('disconnect', () => listener()),
  };
  for (const t of opts.tasks ?? []) t.start(context);
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
      for (const t of opts.tasks ?? []) await t.stop();
    },
  };
}
