import { z } from 'zod';
import { controllerIdSchema, countSchema } from '../controllers.ts';
import { gridQuerySchema } from '../grid.ts';
import {
  bacnetPointSchema, pointChangeSchema, pointListQuerySchema, pointObjectGroupSchema, pointUploadBatchSchema, pointUploadBeginSchema,
  pointUploadCompleteSchema, pointUploadResultSchema, pointUploadStartedSchema, reportingSelectionSchema,
} from '../points.ts';
import { route } from '../route.ts';

const tags = ['points'];
const dbId = z.coerce.number().int().positive().max(2147483647);
const params = z.object({ id: controllerIdSchema });
const pointParams = params.extend({ pointId: dbId });
const deviceParams = z.object({ deviceId: dbId });
const base = '/api/SyrxControllers/:id';
const ofDevice = '/api/bacnet-devices/:deviceId/bacnet-points';
const list = z.array(bacnetPointSchema);

/** BACnet points of a controller and of a device, reporting selection and uploads (legacy base). */
export const pointsRoutes = {
  listOfController: route({ method: 'GET', path: `${base}/bacnet-points`, tags, params, query: pointListQuerySchema, response: list }),
  countOfController: route({ method: 'GET', path: `${base}/bacnet-points/count`, tags, params, query: pointListQuerySchema, response: countSchema }),
  getOfController: route({ method: 'GET', path: `${base}/bacnet-points/:pointId`, tags, params: pointParams, response: bacnetPointSchema }),
  setReporting: route({ method: 'PATCH', path: `${base}/reporting-points/:pointId`, tags, params: pointParams, body: reportingSelectionSchema, response: bacnetPointSchema }),
  /** A device's recent appeared/disappeared/reappeared points. */
  changes: route({
    method: 'GET', path: `${base}/bacnet-devices/:deviceId/point-changes`, tags, params: params.extend({ deviceId: dbId }), query: gridQuerySchema,
    response: z.array(pointChangeSchema),
  }),

  listOfDevice: route({ method: 'GET', path: ofDevice, tags, params: deviceParams, query: pointListQuerySchema, response: list }),
  countOfDevice: route({ method: 'GET', path: `${ofDevice}/count`, tags, params: deviceParams, query: pointListQuerySchema, response: countSchema }),
  objectGroups: route({
    method: 'GET', path: `${ofDevice}/object-groups`, tags, params: deviceParams, query: pointListQuerySchema.pick({ showUnavailable: true }),
    response: z.array(pointObjectGroupSchema),
  }),

  /** A point upload (the agent's, or a staged reload): begin, batches, complete. */
  beginUpload: route({ method: 'POST', path: `${ofDevice}/begin`, tags, params: deviceParams, body: pointUploadBeginSchema, response: pointUploadStartedSchema, status: 201 }),
  addBatch: route({ method: 'POST', path: ofDevice, tags, params: deviceParams, body: pointUploadBatchSchema, status: 204 }),
  /** Applies an upload; answers which points appeared and disappeared. */
  completeUpload: route({ method: 'POST', path: `${ofDevice}/complete`, tags, params: deviceParams, body: pointUploadCompleteSchema, response: pointUploadResultSchema }),
};
