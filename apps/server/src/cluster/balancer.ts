import http from 'node:http';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

export interface BalancerOptions {
  host: string;
  port: number;
  /** The instances, e.g. http://127.0.0.1:8081. */
  upstreams: string[];
  /** How often each instance's readiness is checked. */
  checkMs?: number;
  log?: (line: string) => void;
}

export interface Balancer {
  url: string;
  /** Which instances take traffic now. */
  healthy(): string[];
  close(): Promise<void>;
}

const badGateway = JSON.stringify({ error: 'bad_gateway', message: 'No server instance answered; try again.' });

/**
 * A small load balancer for local trials of several instances (`npm run start:cluster`), in the role a real one
 * (nginx, HAProxy, a cloud balancer) plays in production: round robin over the instances whose
 * `/api/health/ready` answers 200, WebSocket upgrades included (browsers and agents use WebSocket only, so no
 * stickiness is needed). An instance that refuses a connection is out until its readiness answers again; the request
 * that found it dead gets a 502 (the client tries again), never a hang.
 */
export async function startBalancer({ host, port, upstreams, checkMs = 1000, log = () => {} }: BalancerOptions): Promise<Balancer> {
  const up = new Map(upstreams.map((u) => [u, false]));
  let next = 0;
  const pick = (): string | null => {
    const live = upstreams.filter((u) => up.get(u));
    if (live.length === 0) return null;
    next = (next + 1) % live.length;
    return live[next] ?? null;
  };
  const mark = (u: string, ok: boolean) => {
    if (up.get(u) !== ok) log(`${u} ${ok ? 'is ready: taking traffic' : 'is down: out of rotation'}`);
    up.set(u, ok);
  };

  const check = async (u: string) => {
    try {
      const res = await fetch(`${u}/api/health/ready`, { signal: AbortSignal.timeout(Math.max(500, checkMs)) });
      mark(u, res.ok);
    } catch {
      mark(u, false);
    }
  };
  await Promise.all(upstreams.map(check));
  const timer = setInterval(() => void Promise.all(upstreams.map(check)), checkMs);
  timer.unref();

  const proxy = createProxyServer({ xfwd: true, proxyTimeout: 130_000 });
  proxy.on('error', (err, _req, res, target) => {
    const u = typeof target === 'string' ? target : target instanceof URL ? target.origin : null;
    if (u && 'code' in err && (err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET')) mark(u.replace(/\/$/, ''), false);
    if (res instanceof http.ServerResponse) {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(badGateway);
    } else {
      (res as Duplex | undefined)?.destroy();
    }
  });

  const server = http.createServer((req, res) => {
    const target = pick();
    if (!target) {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(badGateway);
      return;
    }
    proxy.web(req, res, { target });
  });
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (req, socket: Duplex, head) => {
    const target = pick();
    if (!target) return socket.destroy();
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    proxy.ws(req, socket, head, { target });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${boundPort}`,
    healthy: () => upstreams.filter((u) => up.get(u)),
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      for (const s of upgraded) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
    },
  };
}
