import { z } from 'zod';
import { countSchema } from '@syrx/contracts/controllers';
import {
  latestRecordSchema, pointRecordSchema, recordPageQuerySchema, recordPointsQuerySchema, recordRangeQuerySchema, recordSeriesQuerySchema,
  recordSeriesSchema,
} from '@syrx/contracts/records';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';

const base = '/api/v2/point-records';

/** Point records of BACnet points (newer base): chart series, raw pages and their count, CSV, latest values. */
export const recordsRoutes: Routes = (app, { services, guards }) => {
  const r = typed(app);
  const { records } = services;
  const pre = { preHandler: guards.requireActor };
  const tags = ['point records'];

  r.get(`${base}/series`, { ...pre, schema: { tags, querystring: recordSeriesQuerySchema, response: { 200: recordSeriesSchema } } },
    async (req) => records.series(actorOf(req), req.query));
  r.get(base, { ...pre, schema: { tags, querystring: recordPageQuerySchema, response: { 200: z.array(pointRecordSchema) } } },
    async (req) => records.page(actorOf(req), req.query));
  r.get(`${base}/count`, { ...pre, schema: { tags, querystring: recordRangeQuerySchema, response: { 200: countSchema } } },
    async (req) => ({ count: await records.count(actorOf(req), req.query) }));
  r.get(`${base}/latest`, { ...pre, schema: { tags, querystring: recordPointsQuerySchema, response: { 200: z.array(latestRecordSchema) } } },
    async (req) => records.latest(actorOf(req), req.query.bacnet_point_ids));
  r.get(`${base}.csv`, { ...pre, schema: { tags, querystring: recordRangeQuerySchema } }, async (req, reply) => {
    const stream = await records.csv(actorOf(req), req.query);
    const name = `point-records-${req.query.from.slice(0, 10)}-to-${req.query.to.slice(0, 10)}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(stream);
  });
};
