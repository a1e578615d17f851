import { z } from 'zod';
import { controllerIdSchema, countSchema } from '@syrx/contracts/controllers';
import { gridQuerySchema } from '@syrx/contracts/grid';
import {
  bacnetPointSchema, pointChangeSchema, pointListQuerySchema, pointObjectGroupSchema, pointUploadBatchSchema, pointUploadBeginSchema,
  pointUploadCompleteSchema, pointUploadResultSchema, pointUploadStartedSchema, reportingSelectionSchema,
} from '@syrx/contracts/points';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';

const dbId = z.coerce.number().int().positive().max(2147483647);
const idParams = z.object({ id: controllerIdSchema });
const pointParams = idParams.extend({ pointId: dbId });
const deviceParams = z.object({ deviceId: dbId });
const base = '/api/SyrxControllers/:id';
const ofDevice = '/api/bacnet-devices/:deviceId/bacnet-points';

/** BACnet points of a controller and of a device, reporting selection and uploads (legacy base). */
export const pointsRoutes: Routes = (app, { services, guards }) => {
  const r = typed(app);
  const { points } = services;
  const pre = { preHandler: guards.requireActor };
  const tags = ['points'];
  const list = z.array(bacnetPointSchema);

  r.get(`${base}/bacnet-points`, { ...pre, schema: { tags, params: idParams, querystring: pointListQuerySchema, response: { 200: list } } },
    async (req) => points.listOfController(actorOf(req), req.params.id, req.query));
  r.get(`${base}/bacnet-points/count`, { ...pre, schema: { tags, params: idParams, querystring: pointListQuerySchema, response: { 200: countSchema } } },
    async (req) => ({ count: await points.countOfController(actorOf(req), req.params.id, req.query) }));
  r.get(`${base}/bacnet-points/:pointId`, { ...pre, schema: { tags, params: pointParams, response: { 200: bacnetPointSchema } } },
    async (req) => points.getOfController(actorOf(req), req.params.id, req.params.pointId));
  r.patch(`${base}/reporting-points/:pointId`, { ...pre, schema: { tags, params: pointParams, body: reportingSelectionSchema, response: { 200: bacnetPointSchema } } },
    async (req) => points.setSelectedForReporting(actorOf(req), req.params.id, req.params.pointId, req.body.is_selected_for_reporting));
  r.get(`${base}/bacnet-devices/:deviceId/point-changes`, {
    ...pre, schema: { tags, params: idParams.extend({ deviceId: dbId }), querystring: gridQuerySchema, response: { 200: z.array(pointChangeSchema) } },
  }, async (req) => points.changes(actorOf(req), req.params.id, req.params.deviceId, req.query));

  r.get(ofDevice, { ...pre, schema: { tags, params: deviceParams, querystring: pointListQuerySchema, response: { 200: list } } },
    async (req) => points.listOfDevice(actorOf(req), req.params.deviceId, req.query));
  r.get(`${ofDevice}/count`, { ...pre, schema: { tags, params: deviceParams, querystring: pointListQuerySchema, response: { 200: countSchema } } },
    async (req) => ({ count: await points.countOfDevice(actorOf(req), req.params.deviceId, req.query) }));
  r.get(`${ofDevice}/object-groups`, {
    ...pre, schema: { tags, params: deviceParams, querystring: pointListQuerySchema.pick({ showUnavailable: true }), response: { 200: z.array(pointObjectGroupSchema) } },
  }, async (req) => points.objectGroups(actorOf(req), req.params.deviceId, req.query));

  r.post(`${ofDevice}/begin`, { ...pre, schema: { tags, params: deviceParams, body: pointUploadBeginSchema, response: { 201: pointUploadStartedSchema } } },
    async (req, reply) => reply.status(201).send(await points.beginUpload(actorOf(req), req.params.deviceId, req.body)));
  r.post(ofDevice, { ...pre, schema: { tags, params: deviceParams, body: pointUploadBatchSchema } }, async (req, reply) => {
    await points.addBatch(actorOf(req), req.params.deviceId, req.body.upload_id, req.body.points);
    return reply.status(204).send();
  });
  r.post(`${ofDevice}/complete`, { ...pre, schema: { tags, params: deviceParams, body: pointUploadCompleteSchema, response: { 200: pointUploadResultSchema } } },
    async (req) => points.completeUpload(actorOf(req), req.params.deviceId, req.body.upload_id));
};
