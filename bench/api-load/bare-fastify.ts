/**
 * The baselines of bench/api-load.ts, run as a child process: a bare Fastify 5 server (no plugins, no session) whose
 * one route answers every request with the same JSON body, a real points-list page of our server; or, with
 * --database-url, answers each request with the page the server's own page statement reads for the asked device
 * (pointsRepo.list, the grid's default order, skip and take from the query; nothing else: no session, no validation):
 * the floor a read of the database puts under the point list; or, with both, answers the same body after one
 * `select 1` on the same pool: the least any design that asks PostgreSQL on each request pays (one round trip).
 * Run: tsx bench/api-load/bare-fastify.ts --host H --port P --route /api/bacnet-devices/:deviceId/bacnet-points
 *        (--body-file F | --database-url URL | --body-file F --database-url URL)
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { and, sql } from 'drizzle-orm';
import { connectDatabase, deviceGateSql, loadConfig, pointListWhere, pointsRepo } from '@syrx/server/testing';
import { arg } from '../bench-kit.ts';

const required = (name: string): string => {
  const value = arg(name);
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
};

const app = Fastify({ logger: false });
const json = 'application/json; charset=utf-8';
const databaseUrl = arg('database-url');
const bodyFile = arg('body-file');
// As the server connects (its pool, its prepared statements).
const database = databaseUrl === undefined ? undefined : connectDatabase(databaseUrl, { embedded: false, poolSize: loadConfig().databasePoolSize });
if (database) app.addHook('onClose', () => database.close());
if (bodyFile !== undefined) {
  const body = readFileSync(bodyFile, 'utf8');
  app.get(required('route'), async (_request, reply) => {
    if (database) await database.pool.query('select 1');
    return reply.header('content-type', json).send(body);
  });
} else if (database) {
  // The same statement with its access gate.
  app.get<{ Params: { deviceId: string }; Querystring: { skip?: string; take?: string } }>(required('route'), async (request, reply) => {
    const deviceId = Number(request.params.deviceId);
    const where = and(deviceGateSql(deviceId, () => sql`true`), pointListWhere({ deviceId }, true));
    const page = await pointsRepo.list(database.db, where, [], { offset: Number(request.query.skip ?? 0), limit: Number(request.query.take ?? 100) });
    return reply.header('content-type', json).send(page.text);
  });
} else {
  throw new Error('--body-file or --database-url is required');
}
app.get('/ready', () => ({ ok: true }));

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
await app.listen({ host: required('host'), port: Number(required('port')) });
