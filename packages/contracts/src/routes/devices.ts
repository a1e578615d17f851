import { z } from 'zod';
import { controllerIdSchema, countSchema } from '../controllers.ts';
import {
  bacnetDeviceSchema, type DeviceInput, deviceIgnoredInputSchema, deviceInputSchema, deviceListQuerySchema, devicePatchListSchema,
  deviceSubmissionResultSchema,
} from '../devices.ts';
import { errorBodySchema } from '../errors.ts';
import { pointReadInputSchema, pointUploadResultSchema, stagedPointReadSchema } from '../points.ts';
import { route } from '../route.ts';

const tags = ['devices'];
const params = z.object({ id: controllerIdSchema });
const deviceParams = params.extend({ deviceId: z.coerce.number().int().positive().max(2147483647) });
const base = '/api/SyrxControllers/:id';
const device = `${base}/bacnet-devices/:deviceId` as const;
/** How a read through the controller's agent fails (docs/devices-and-points.md): 502 an error answer, 503 no agent, 504 no answer in time. */
const errors = { 502: errorBodySchema, 503: errorBodySchema, 504: errorBodySchema };
const submissions = `${base}/syrx-controller-bacnet-devices` as const;
/** A device as a client sends it (`DeviceInput`: the destination fields may be left out, the preprocessing fills them). */
const deviceInput = deviceInputSchema as z.ZodType<z.output<typeof deviceInputSchema>, DeviceInput>;

/** A controller's BACnet devices (legacy base; docs/devices-and-points.md). */
export const devicesRoutes = {
  list: route({ method: 'GET', path: `${base}/bacnet-devices`, tags, params, query: deviceListQuerySchema, response: z.array(bacnetDeviceSchema) }),
  count: route({ method: 'GET', path: `${base}/bacnet-devices/count`, tags, params, query: deviceListQuerySchema, response: countSchema }),
  get: route({ method: 'GET', path: device, tags, params: deviceParams, response: bacnetDeviceSchema }),

  /** The agent reads the device's properties; answers the device. */
  reloadProperties: route({ method: 'POST', path: `${device}/reload-properties`, tags, params: deviceParams, response: bacnetDeviceSchema, errors }),
  /** The agent reads the object list, the server stores it; answers what changed. */
  reloadPoints: route({ method: 'POST', path: `${device}/reload-points`, tags, params: deviceParams, response: pointUploadResultSchema, errors }),
  /** The dialog's road: the points are staged for review, then `pointsRoutes.completeUpload` applies them. */
  stagePoints: route({
    method: 'POST', path: `${device}/reload-points/stage`, tags, params: deviceParams, body: pointReadInputSchema, response: stagedPointReadSchema,
    status: 201, errors,
  }),
  setIgnored: route({ method: 'PUT', path: `${device}/ignored`, tags, params: deviceParams, body: deviceIgnoredInputSchema, response: bacnetDeviceSchema }),

  /** Properties read from devices, applied to each listed device of the controller. */
  patch: route({ method: 'PATCH', path: `${base}/bacnet-devices`, tags, params, body: devicePatchListSchema, response: z.array(bacnetDeviceSchema) }),
  /** The same for devices of any controller the actor may edit. */
  patchAny: route({ method: 'PATCH', path: '/api/bacnet-devices', tags, body: devicePatchListSchema, response: z.array(bacnetDeviceSchema) }),

  /**
   * One path, two answers by the body's shape, so two declarations the server registers as one route
   * (`deviceSubmissionSchema`): one device added by hand, 201 with it (409 when it exists)…
   */
  add: route({ method: 'POST', path: submissions, tags, params, body: deviceInput, response: bacnetDeviceSchema, status: 201 }),
  /** …or the devices a discovery found, 200 with those added (existing ones are skipped). */
  submit: route({ method: 'POST', path: submissions, tags, params, body: z.array(deviceInput).min(1).max(1000), response: deviceSubmissionResultSchema }),
};
