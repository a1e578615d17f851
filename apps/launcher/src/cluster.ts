/**
 * `npm run start:cluster`: several server instances on one PostgreSQL and one Redis behind a small balancer, for
 * local trials of what docs/operations.md deploys. The balancer listens on HOST:PORT (127.0.0.1:8080 by default), the
 * instances on the ports after it. Settings (besides every server setting, passed to each instance):
 *   DATABASE_URL   PostgreSQL (default postgres://postgres@127.0.0.1:5432/syrx_cluster, created when missing)
 *   REDIS_URL      Redis (default redis://127.0.0.1:6379)
 *   INSTANCES      how many (default 2)
 *   INSTANCE_ROLES roles per instance, ';'-separated (default every role everywhere), e.g. "api,worker;realtime"
 * The demo building (DEMO, default on) runs beside the first instance, its agent connected through the balancer.
 * Ctrl-C stops everything (each instance drains: docs/operations.md).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startBalancer } from '@syrx/server/balancer';
import { loadConfig } from '@syrx/server/config';
import { serverNodeFlags } from '@syrx/server/node-flags';

const env = process.env;
const host = env.HOST ?? '127.0.0.1';
const port = Number(env.PORT ?? 8080);
const count = Number(env.INSTANCES ?? 2);
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syrx_cluster';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const roles = (env.INSTANCE_ROLES ?? '').split(';');
if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error('INSTANCES: a whole number from 1 to 16');
// The instances listen on loopback, but the balancer on HOST proxies /metrics to them as a loopback caller: check the
// settings as if the instances listened on HOST, so a public balancer needs METRICS_TOKEN (or METRICS_PUBLIC=true).
try {
  loadConfig({ ...env, HOST: host, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl });
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(2);
}

await ensureDatabase(databaseUrl);
const publicUrl = env.PUBLIC_URL ?? `http://${host}:${port}`;
const children: ChildProcess[] = [];
const upstreams = Array.from({ length: count }, (_, i) => `http://127.0.0.1:${port + 1 + i}`);

function startInstance(i: number): ChildProcess {
  const instancePort = port + 1 + i;
  // The launcher's main: the server, and beside the first one the demo building.
  const child = fork(new URL('./main.ts', import.meta.url).pathname, [], {
    execArgv: [...serverNodeFlags, '--import', 'tsx'],
    env: {
      ...env, HOST: '127.0.0.1', PORT: String(instancePort), DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, PUBLIC_URL: publicUrl,
      ROLES: roles[i] || env.ROLES || 'api,realtime,worker',
      // Out of the balancer's rotation (it checks every second) before an instance closes its sockets.
      SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? '1500',
      // One demo building for the cluster, beside the first instance; its agent reaches the cluster through the balancer.
      DEMO: i === 0 ? (env.DEMO ?? 'true') : 'false', DEMO_SERVER_URL: publicUrl,
    },
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => process.stdout.write(`instance ${i + 1} (port ${instancePort}) exited (${signal ?? code})\n`));
  children.push(child);
  return child;
}

async function ready(url: string, child: ChildProcess): Promise<void> {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline && child.exitCode === null; await sleep(250)) {
    if (await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false)) return;
  }
  throw new Error(`${url} did not become ready`);
}

// The first instance migrates the database and creates the administrator; the others start once it is ready.
await ready(upstreams[0] as string, startInstance(0));
await Promise.all(upstreams.slice(1).map((u, i) => ready(u, startInstance(i + 1))));

const balancer = await startBalancer({ host, port, upstreams, log: (line) => process.stdout.write(`balancer: ${line}\n`) });
process.stdout.write(`\n  Syrx console cluster: ${count} instances behind ${balancer.url} (PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, '//')}, Redis ${redisUrl})\n\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  const exited = children.map((c) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r()))));
  await Promise.race([Promise.all(exited), sleep(20_000)]);
  await balancer.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^\w+$/.test(name)) return;
  const admin = new pg.Client({ connectionString: url.replace(/\/\w+(\?.*)?$/, '/postgres$1') });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}
