/**
 * The baseline of bench/api-load.ts, run as a child process: a bare Fastify 5 server (no plugins, no session, no
 * database) whose one route answers every request with the same JSON body, a real points-list page of our server.
 * Run: tsx bench/api-load/bare-fastify.ts --host H --port P --route /api/bacnet-devices/:deviceId/bacnet-points --body-file F
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const arg = (name: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
};

const body = readFileSync(arg('body-file'), 'utf8');
const app = Fastify({ logger: false });
app.get(arg('route'), (_request, reply) => {
  void reply.header('content-type', 'application/json; charset=utf-8').send(body);
});
app.get('/ready', () => ({ ok: true }));

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ host: arg('host'), port: Number(arg('port')) });
