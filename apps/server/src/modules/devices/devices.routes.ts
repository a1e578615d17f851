import { z } from 'zod';
import { controllerIdSchema, countSchema } from '@syrx/contracts/controllers';
import {
  bacnetDeviceSchema, deviceIgnoredInputSchema, deviceListQuerySchema, devicePatchListSchema, deviceSubmissionResultSchema,
  deviceSubmissionSchema,
} from '@syrx/contracts/devices';
import { pointReadInputSchema, pointUploadResultSchema, stagedPointReadSchema } from '@syrx/contracts/points';
import { errorBodySchema } from '@syrx/contracts/errors';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';

const idParams = z.object({ id: controllerIdSchema });
const deviceParams = idParams.extend({ deviceId: z.coerce.number().int().positive().max(2147483647) });
const base = '/api/SyrxControllers/:id';
const device = `${base}/bacnet-devices/:deviceId`;
/** How a read through the controller's agent fails (docs/devices-and-points.md): 502 an error answer, 503 no agent, 504 no answer in time. */
const agentFailures = { 502: errorBodySchema, 503: errorBodySchema, 504: errorBodySchema };

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

  r.post(`${device}/reload-properties`, { ...pre, schema: { tags, params: deviceParams, response: { 200: bacnetDeviceSchema, ...agentFailures } } },
    async (req) => devices.reloadProperties(actorOf(req), req.params.id, req.params.deviceId));
  r.post(`${device}/reload-points`, { ...pre, schema: { tags, params: deviceParams, response: { 200: pointUploadResultSchema, ...agentFailures } } },
    async (req) => devices.reloadPoints(actorOf(req), req.params.id, req.params.deviceId));
  // The dialog's road: staged for review, then POST /api/bacnet-devices/{deviceId}/bacnet-points/complete.
  r.post(`${device}/reload-points/stage`, {
    ...pre, schema: { tags, params: deviceParams, body: pointReadInputSchema, response: { 201: stagedPointReadSchema, ...agentFailures } },
  }, async (req, reply) => {
    // The browser gave up (Cancel, page closed): the agent stops reading.
    const gone = new AbortController();
    reply.raw.once('close', () => { if (!reply.raw.writableFinished) gone.abort(); });
    return reply.status(201).send(await devices.stagePoints(actorOf(req), req.params.id, req.params.deviceId, req.body.read_id, gone.signal));
  });
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
