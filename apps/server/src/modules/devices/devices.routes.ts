import { z } from 'zod';
import { controllerIdSchema, countSchema } from '@syrx/contracts/controllers';
import {
  bacnetDeviceSchema, deviceIgnoredInputSchema, deviceListQuerySchema, devicePatchListSchema, deviceSubmissionResultSchema,
  deviceSubmissionSchema,
} from '@syrx/contracts/devices';
import { pointUploadResultSchema } from '@syrx/contracts/points';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';

const idParams = z.object({ id: controllerIdSchema });
const deviceParams = idParams.extend({ deviceId: z.coerce.number().int().positive().max(2147483647) });
const base = '/api/SyrxControllers/:id';
const device = `${base}/bacnet-devices/:deviceId`;

/** A controller's BACnet devices (legacy base; docs/devices-and-points.md). */
export const devicesRoutes: Routes = (app, { services, guards }) => {
  const r = typed(app);
  const { devices } = services;
  const pre = { preHandler: guards.requireActor };
  const tags = ['devices'];

  r.get(`${base}/bacnet-devices`, { ...pre, schema: { tags, params: idParams, querystring: deviceListQuerySchema, response: { 200: z.array(bacnetDeviceSchema) } } },
    async (req) => devices.list(actorOf(req), req.params.id, req.query));
  r.get(`${base}/bacnet-devices/count`, { ...pre, schema: { tags, params: idParams, querystring: deviceListQuerySchema, response: { 200: countSchema } } },
    async (req) => ({ count: await devices.count(actorOf(req), req.params.id, req.query) }));
  r.get(device, { ...pre, schema: { tags, params: deviceParams, response: { 200: bacnetDeviceSchema } } },
    async (req) => devices.get(actorOf(req), req.params.id, req.params.deviceId));

  r.post(`${device}/reload-properties`, { ...pre, schema: { tags, params: deviceParams, response: { 200: bacnetDeviceSchema } } },
    async (req) => devices.reloadProperties(actorOf(req), req.params.id, req.params.deviceId));
  r.post(`${device}/reload-points`, { ...pre, schema: { tags, params: deviceParams, response: { 200: pointUploadResultSchema } } },
    async (req) => devices.reloadPoints(actorOf(req), req.params.id, req.params.deviceId));
  r.put(`${device}/ignored`, { ...pre, schema: { tags, params: deviceParams, body: deviceIgnoredInputSchema, response: { 200: bacnetDeviceSchema } } },
    async (req) => devices.setIgnored(actorOf(req), req.params.id, req.params.deviceId, req.body.ignored));

  r.patch(`${base}/bacnet-devices`, { ...pre, schema: { tags, params: idParams, body: devicePatchListSchema, response: { 200: z.array(bacnetDeviceSchema) } } },
    async (req) => devices.patch(actorOf(req), req.params.id, req.body));
  r.patch('/api/bacnet-devices', { ...pre, schema: { tags, body: devicePatchListSchema, response: { 200: z.array(bacnetDeviceSchema) } } },
    async (req) => devices.patch(actorOf(req), null, req.body));

  r.post(`${base}/syrx-controller-bacnet-devices`, {
    ...pre,
    schema: { tags, params: idParams, body: deviceSubmissionSchema, response: { 201: bacnetDeviceSchema, 200: deviceSubmissionResultSchema } },
  }, async (req, reply) => {
    const actor = actorOf(req);
    if (Array.isArray(req.body)) return reply.status(200).send(await devices.submit(actor, req.params.id, req.body));
    return reply.status(201).send(await devices.add(actor, req.params.id, req.body));
  });
};
