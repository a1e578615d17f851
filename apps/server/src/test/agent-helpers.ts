import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { demoSitePath, loadSite } from '@syrx/bacnet-sim';
import { type RunningSite, startSite } from '@syrx/bacnet-sim/testing';
import {
  createQueryService, createReportingService, createUpdaterService, type Logger, type ReportingService, type RunningAgent, serviceLogger, silentLogger, startAgent,
} from '@syrx/agent/testing';
import { clientEvents, type RequestResponse } from '@syrx/contracts/realtime';
import { serviceIds } from '@syrx/contracts/services';
import { adminWithController, type Controller, ctlUrl, expectStatus, send } from './bacnet-helpers.ts';
import { dbPass } from './db-pass.ts';
import { type OperationsOptions, type OperationsParts, operationsParts } from './operations-agent.ts';
import { type Cleanups, type TestApp, type TestAppOptions, type TestApps, type TestClient, useTestApps } from './test-app.ts';

/**
 * A test file's own loopback range, 127.0.{third}.0 — 127.0.{third + 100}.0 in the PostgreSQL pass, so that both passes
 * can run at once without their simulated buildings and agents taking each other's addresses.
 */
export const fileRange = (third: number): string => `127.0.${dbPass.postgres ? third + 100 : third}.0`;

/** "127.0.51.0" + 200 → "127.0.51.200" */
export const hostIn = (base: string, host: number): string => base.replace(/\.\d+$/, `.${host}`);

/** Runs the demo building in the test file's loopback range while the file's tests run; call it at the top level. */
export function useDemoBuilding(base: string): () => RunningSite {
  let site: RunningSite | undefined;
  beforeAll(async () => {
    site = await startSite(await loadSite(demoSitePath), { baseAddress: base });
  });
  afterAll(async () => site?.stop());
  return () => {
    if (!site) throw new Error('The simulated building is not running.');
    return site;
  };
}

/** Starts the test server listening on a free loopback port (agents and browsers need a real socket). */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** The test's server (apps.start) listening, and a controller of the administrator's in the root group. */
export async function serverWithController(apps: TestApps, env?: Record<string, string>, opts?: TestAppOptions): Promise<{ t: TestApp; url: string; admin: TestClient; ctl: Controller }> {
  const t = await apps.start(env, opts);
  const url = await listen(t);
  const { admin, ctl } = await adminWithController(t);
  return { t, url, admin, ctl };
}

export interface AgentOptions {
  /** The test file's loopback range; the agent binds .200 of it. */
  base: string;
  bbmds?: string[];
  revisionCheckSeconds?: number;
  apduTimeoutMs?: number;
  /** Runs the reporting service too: its durable buffer in `dataDir` (a fresh directory), polling every `pollSeconds`. */
  reporting?: { dataDir: string; pollSeconds?: number; covLifetimeSeconds?: number };
  /** Runs log shipping, live logs, the diagnostic service (with metrics) and the control service too (operations-agent.ts). */
  operations?: OperationsOptions;
  /** Lets the updater roll out published versions: packages installed under `dataDir` (a fresh directory). */
  rollout?: { dataDir: string; healthTimeoutSeconds?: number; retrySeconds?: number };
}

/**
 * Gives the controller the BACnet connection its agent will use (.200 of the range, and the BBMD servers), so the
 * configuration the server pushes names the interface the agent opened at start.
 */
export async function configureBacnet(admin: TestClient, ctl: Controller, o: AgentOptions): Promise<void> {
  // The network's APDU timing reaches the agent with the connection and wins over its own: the test agents' 1000 ms
  // and three transmissions (an absent device costs 3 s, not the field's 3 s × 4).
  const connection = { ip_address: hostIn(o.base, 200), port_num: 47808, apdu_timeout_ms: o.apduTimeoutMs ?? 1000, apdu_retries: 2 };
  expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/bacnet-connection-configuration`, connection), 200);
  const bbmds = (o.bbmds ?? []).map((b) => ({ ip_address: b.split(':')[0], port_num: Number(b.split(':')[1] ?? 47808) }));
  expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/bacnet-connection-bbmd-servers`, bbmds), 200);
}

/**
 * The real agent with the updater and the BACnet network query service (and, when asked, the reporting service and the
 * remote-operation parts, whose logger every service then logs through), bound in the test file's range.
 */
export function startTestAgent(url: string, ctl: Controller, o: AgentOptions): RunningAgent & { reporting: ReportingService | null; operations: OperationsParts | null } {
  const operations = o.operations ? operationsParts(ctl.id, o.operations) : null;
  const loggerOf = (serviceId: string) => operations?.loggerOf(serviceId) ?? silentLogger;
  const query = createQueryService({
    version: '1.0.0',
    logger: loggerOf(serviceIds.query),
    fallback: { address: hostIn(o.base, 200), port: 47808, bbmds: o.bbmds ?? [] },
    broadcastAddress: hostIn(o.base, 255),
    revisionCheckSeconds: o.revisionCheckSeconds ?? 300,
    apduTimeoutMs: o.apduTimeoutMs ?? 1000,
  });
  const reporting = o.reporting
    ? createReportingService({ version: '1.0.0', logger: loggerOf(serviceIds.reporting), bacnet: query.bacnet, ...o.reporting })
    : null;
  const agent = startAgent({
    settings: { serverUrl: url, controllerId: ctl.id, controllerPassword: ctl.password, heartbeatSeconds: 1 },
    logger: operations ? serviceLogger(operations.root, serviceIds.updater, 'Syrx.Agent') : silentLogger,
    // As main.ts orders them: reporting stops before the query service closes the BACnet interface it uses.
    services: [updaterOf(url, ctl, o, loggerOf), ...(reporting ? [reporting] : []), ...(operations?.services ?? []), query],
    tasks: operations?.tasks ?? [],
  });
  return { ...agent, reporting, operations };
}

export type TestAgent = ReturnType<typeof startTestAgent>;

/** A file of tests with real agents: its servers and what they leave running (useTestApps), and its own loopback range. */
export interface AgentTestFile extends TestApps {
  /** The file's loopback range (fileRange): its simulated building at .0, its agents at .200. */
  base: string;
  /** The file's simulated building, when it runs one. */
  site: () => RunningSite;
  /** The test's server listening and a controller with the BACnet connection of the range (and these BBMD servers). */
  controller(o?: { bbmds?: string[] }): Promise<{ t: TestApp; url: string; admin: TestClient; ctl: Controller }>;
  /** The controller's real agent in the range (startTestAgent), stopped after the test. */
  agent(url: string, ctl: Controller, o?: Omit<AgentOptions, 'base'>): TestAgent;
}

/**
 * Call it at the top level of a file whose tests run real agents, with the third number of its loopback range (see
 * fileRange); with `building`, the demo building runs in the range while the file's tests run.
 */
export function useAgentTestFile(third: number, { building = true } = {}): AgentTestFile {
  const base = fileRange(third);
  const apps = useTestApps();
  const site = building ? useDemoBuilding(base) : () => {
    throw new Error('This file runs no simulated building.');
  };
  return {
    ...apps, base, site,
    async controller(o = {}) {
      const made = await serverWithController(apps);
      await configureBacnet(made.admin, made.ctl, { base, ...o });
      return made;
    },
    agent(url, ctl, o = {}) {
      const agent = startTestAgent(url, ctl, { base, ...o });
      apps.defer(() => agent.stop());
      return agent;
    },
  };
}

/** The updater as main.ts makes it when the test rolls out versions; else one that only reports its version. */
function updaterOf(url: string, ctl: Controller, o: AgentOptions, loggerOf: (serviceId: string) => Logger) {
  if (!o.rollout) return createUpdaterService('1.0.0');
  const { dataDir, ...timing } = o.rollout;
  return createUpdaterService('1.0.0', { serverUrl: url, controllerId: ctl.id, controllerPassword: ctl.password, dataDir, loggerOf, ...timing });
}

/** A browser's socket with the client's session cookie (its own connection: not multiplexed onto an agent's); with `apps`, disconnected after the test. */
export function browserSocket(url: string, client: TestClient, apps?: Cleanups): Socket {
  const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie: client.cookieHeader() }, reconnection: false, forceNew: true });
  apps?.defer(() => socket.disconnect());
  return socket;
}

/** Asks the controller's agent, from a browser's socket, to read device 5 at 127.0.0.5 (request `requestId`). */
export function startRead(browser: Socket, controllerId: string, requestId: string): void {
  browser.emit(clientEvents.startRequest, { requestType: 'ReadProperty', syrxControllerId: controllerId, requestId, macAddress: '127.0.0.5:47808', network: 0, instanceNumber: 5 });
}

/** startRead, and the next answer the browser receives. */
export function relayedRead(browser: Socket, controllerId: string, requestId: string): Promise<RequestResponse> {
  const answered = new Promise<RequestResponse>((resolve) => browser.once(clientEvents.requestResponse, resolve));
  startRead(browser, controllerId, requestId);
  return answered;
}

/** The final answer of an agent that runs no BACnet query service (an updater-only agent) to request `requestId`. */
export const notSupported = (requestId: string) => ({ requestId, data: { IsException: true, ExceptionType: 'NotSupported', IsComplete: true } });

/** The next agentStatus the browser receives. */
export const nextAgentStatus = (socket: Socket) =>
  new Promise<{ syrxControllerId: string; connected: boolean }>((resolve) => socket.once(clientEvents.agentStatus, resolve));
