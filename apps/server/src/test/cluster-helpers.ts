import { type ChildProcess, fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { createUpdaterService, type RunningAgent, silentLogger, startAgent } from '@syrx/agent/testing';
import { sessionCookies } from '@syrx/contracts/auth';
import { adminCredentials } from './test-app.ts';

/** A real server instance (main.ts) in a process of its own, as a deployment runs several. */
export interface Instance {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startInstance(host: string, env: Record<string, string>): Promise<Instance> {
  const child = fork(new URL('../main.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      PATH: process.env.PATH, HOME: process.env.HOME, HOST: host, PORT: '8080', DEMO: 'false', LOG_LEVEL: 'silent',
      ADMIN_USERNAME: adminCredentials.username, ADMIN_PASSWORD: adminCredentials.password, AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://${host}:8080`;
  try {
    await waitFor(() => fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false), 60_000, `${url} ready`, () => child.exitCode !== null);
  } catch (err) {
    // Never left behind holding its address for the next test.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    throw err;
  }
  return {
    url, child, exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export async function waitFor(check: () => Promise<boolean> | boolean, ms: number, what: string, giveUp: () => boolean = () => false): Promise<void> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(100)) {
    if (giveUp()) throw new Error(`gave up waiting for ${what}`);
    if (await check()) return;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Agents connected to an instance, as its /metrics says (loopback may scrape). */
export async function agentsOn(url: string): Promise<number> {
  const text = await fetch(`${url}/metrics`).then((r) => r.text(), () => '');
  return Number(/^syrx_agents_connected (\d+)/m.exec(text)?.[1] ?? -1);
}

/** A browser over HTTP: keeps cookies and sends the CSRF header, as the SPA does. */
export class HttpBrowser {
  readonly cookies = new Map<string, string>();
  constructor(readonly url: string) {}

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    const csrf = this.cookies.get(sessionCookies.csrf);
    if (csrf) headers[sessionCookies.csrfHeader] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.url}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  }

  async signIn(): Promise<void> {
    await this.request('GET', '/api/Login');
    const r = await this.request('POST', '/api/Login', adminCredentials);
    if (r.status !== 200) throw new Error(`sign-in answered ${r.status}`);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The SPA's Socket.IO connection (WebSocket only, reconnecting; a connection of its own, not an agent's in this process). */
  socket(): Socket {
    return io(this.url, { transports: ['websocket'], extraHeaders: { cookie: this.cookieHeader() }, reconnectionDelay: 200, reconnectionDelayMax: 1000, forceNew: true });
  }
}

/** A real agent running only the updater (version 1.4.2; it answers BACnet requests NotSupported), started against `serverUrl`. */
export function startUpdaterAgent(serverUrl: string, ctl: { id: string; password: string }, heartbeatSeconds = 0.2): RunningAgent {
  return startAgent({
    settings: { serverUrl, controllerId: ctl.id, controllerPassword: ctl.password, bacnetAddress: '127.0.0.1', bacnetPort: 47808, heartbeatSeconds, logLevel: 'error' },
    logger: silentLogger,
    services: [createUpdaterService('1.4.2')],
  });
}

/** startUpdaterAgent, once connected to `serverUrl`. */
export async function updaterAgent(serverUrl: string, ctl: { id: string; password: string }, heartbeatSeconds = 0.2): Promise<RunningAgent> {
  const agent = startUpdaterAgent(serverUrl, ctl, heartbeatSeconds);
  await new Promise<void>((resolve) => (agent.socket.connected ? resolve() : agent.socket.once('connect', () => resolve())));
  return agent;
}
