/**
 * The servers under load, each in a child process of its own: the real server (apps/server/src/main.ts) and the
 * bare Fastify baselines (a fixed body; the page statement alone). All are run by tsx; each is stopped with SIGTERM
 * (SIGKILL after 10 s, and at once if this process exits without stopping them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '@syrx/server/node-flags';
import { cpuSeconds } from '../proc-stats.ts';

const tsx = createRequire(import.meta.url).resolve('tsx');
const serverMain = fileURLToPath(import.meta.resolve('@syrx/server/main'));
const bareMain = fileURLToPath(new URL('./bare-fastify.ts', import.meta.url));

export interface ServerProcess {
  origin: string;
  pid: number;
  /** CPU seconds (user + system) the process has used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** A port free on `host` now (the child binds it a moment later). */
export async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function supervise(child: ChildProcess, origin: string, name: string): ServerProcess {
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name} did not start`);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killNow = () => child.kill('SIGKILL');
  process.once('exit', killNow);
  let stopped = false;
  return {
    origin,
    pid,
    cpuSeconds: () => cpuSeconds(pid),
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', killNow);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(killNow, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200; fails when the child exits first or after `timeoutMs`. */
async function waitFor(url: string, child: ChildProcess, name: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    const status = await fetch(url).then((r) => r.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s`);
}

export interface ServerOptions {
  host: string;
  databaseUrl: string;
  dataDir: string;
  adminUsername: string;
  adminPassword: string;
  /** Write a V8 CPU profile of the server into this directory when it stops. */
  cpuProfileDir?: string | undefined;
  /** More node flags for the server (e.g. --trace-gc). */
  nodeArgs?: string[];
}

/** The real server on PostgreSQL, without the demo; resolves once GET /api/health/ready answers 200. */
export async function startServer(o: ServerOptions): Promise<ServerProcess> {
  const port = await freePort(o.host);
  const origin = `http://${o.host}:${port}`;
  const profile = o.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.cpuProfileDir}`] : [];
  const child = spawn(process.execPath, [...serverNodeFlags, ...profile, ...(o.nodeArgs ?? []), '--import', tsx, serverMain], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      HOST: o.host,
      PORT: String(port),
      DATABASE_URL: o.databaseUrl,
      DATA_DIR: o.dataDir,
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: o.adminUsername,
      ADMIN_PASSWORD: o.adminPassword,
      // The run signs in once; its access token must outlive the run.
      ACCESS_TOKEN_TTL_SECONDS: String(7 * 86_400),
      PUBLIC_URL: origin,
    },
  });
  const server = supervise(child, origin, 'the server');
  try {
    await waitFor(`${origin}/api/health/ready`, child, 'the server', 120_000);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

/**
 * A bare Fastify baseline answering `path` (a route pattern): with the body in `source.bodyFile`; with the page the
 * server's page statement reads from `source.databaseUrl` for each request (the database's floor); or with both, the
 * body after one `select 1` (a round trip's floor).
 */
export async function startBare(host: string, path: string, source: { bodyFile?: string; databaseUrl?: string }): Promise<ServerProcess> {
  const port = await freePort(host);
  const origin = `http://${host}:${port}`;
  // A baseline that asks the database allocates per request as the server does, so it runs with the server's node
  // flags; the fixed body's baseline runs as it always has.
  const from = [...(source.bodyFile === undefined ? [] : ['--body-file', source.bodyFile]), ...(source.databaseUrl === undefined ? [] : ['--database-url', source.databaseUrl])];
  const flags = source.databaseUrl === undefined ? [] : serverNodeFlags;
  const child = spawn(process.execPath, [...flags, '--import', tsx, bareMain, '--host', host, '--port', String(port), '--route', path, ...from], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const server = supervise(child, origin, 'the bare Fastify server');
  try {
    await waitFor(`${origin}/ready`, child, 'the bare Fastify server', 60_000);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}
