import { z } from 'zod';
import { countSchema, pcsDeviceSchema, pcsPointSchema, pcsSiteSchema, treePageQuerySchema, vendorTreeEntrySchema } from '@syrx/contracts/data-moves';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import type { PointTreesService } from './point-trees.service.ts';

const vendorBase = '/api/v2/vendor_points/vendors';
const text = z.string().min(1).max(500);
const id = z.coerce.number().int().min(1).max(2147483647);
const level1 = z.object({ v: text });
const level2 = level1.extend({ a: text });
const level3 = level2.extend({ b: text });
const idParams = z.object({ id });

/** The point trees of the move wizard: vendor points (newer base) and PCS sites, devices and points (legacy base). */
export const pointTreesRoutes = (trees: PointTreesService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requireActor };
  const tags = ['vendor and PCS points'];
  const entries = { 200: z.array(vendorTreeEntrySchema) };
  const count = { 200: countSchema };

  r.get(vendorBase, { ...pre, schema: { tags, response: { 200: z.array(z.string()) } } }, async (req) => trees.vendors(actorOf(req)));
  r.get(`${vendorBase}/:v/id_field_1`, { ...pre, schema: { tags, params: level1, querystring: treePageQuerySchema, response: entries } },
    async (req) => trees.vendorLevel(actorOf(req), req.params.v, [], req.query));
  r.get(`${vendorBase}/:v/id_field_1/count`, { ...pre, schema: { tags, params: level1, response: count } },
    async (req) => ({ count: await trees.vendorLevelCount(actorOf(req), req.params.v, []) }));
  r.get(`${vendorBase}/:v/id_field_1/:a/id_field_2`, { ...pre, schema: { tags, params: level2, querystring: treePageQuerySchema, response: entries } },
    async (req) => trees.vendorLevel(actorOf(req), req.params.v, [req.params.a], req.query));
  r.get(`${vendorBase}/:v/id_field_1/:a/id_field_2/count`, { ...pre, schema: { tags, params: level2, response: count } },
    async (req) => ({ count: await trees.vendorLevelCount(actorOf(req), req.params.v, [req.params.a]) }));
  r.get(`${vendorBase}/:v/id_field_1/:a/id_field_2/:b/id_field_3`, { ...pre, schema: { tags, params: level3, querystring: treePageQuerySchema, response: entries } },
    async (req) => trees.vendorLevel(actorOf(req), req.params.v, [req.params.a, req.params.b], req.query));
  r.get(`${vendorBase}/:v/id_field_1/:a/id_field_2/:b/id_field_3/count`, { ...pre, schema: { tags, params: level3, response: count } },
    async (req) => ({ count: await trees.vendorLevelCount(actorOf(req), req.params.v, [req.params.a, req.params.b]) }));

  r.get('/api/PcsSites', { ...pre, schema: { tags, querystring: treePageQuerySchema, response: { 200: z.array(pcsSiteSchema) } } },
    async (req) => trees.sites(actorOf(req), req.query));
  r.get('/api/PcsSites/count', { ...pre, schema: { tags, response: count } }, async (req) => ({ count: await trees.siteCount(actorOf(req)) }));
  r.get('/api/PcsSites/:id/devices', { ...pre, schema: { tags, params: idParams, querystring: treePageQuerySchema, response: { 200: z.array(pcsDeviceSchema) } } },
    async (req) => trees.devices(actorOf(req), req.params.id, req.query));
  r.get('/api/PcsSites/:id/devices/count', { ...pre, schema: { tags, params: idParams, response: count } },
    async (req) => ({ count: await trees.deviceCount(actorOf(req), req.params.id) }));
  r.get('/api/PcsDevices/:id/points', { ...pre, schema: { tags, params: idParams, querystring: treePageQuerySchema, response: { 200: z.array(pcsPointSchema) } } },
    async (req) => trees.points(actorOf(req), req.params.id, req.query));
  r.get('/api/PcsDevices/:id/points/count', { ...pre, schema: { tags, params: idParams, response: count } },
    async (req) => ({ count: await trees.pointCount(actorOf(req), req.params.id) }));
  r.get('/api/PcsPoints/:id', { ...pre, schema: { tags, params: idParams, response: { 200: pcsPointSchema } } },
    async (req) => trees.point(actorOf(req), req.params.id));
};
