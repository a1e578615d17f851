import { z } from 'zod';
import { controllerIdSchema } from '@syrx/contracts/controllers';
import {
  pressureConfigurationPatchSchema, pressureConfigurationSchema, pressureTransmitterInputSchema, pressureTransmitterSchema,
} from '@syrx/contracts/pressure-control';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import { dbIdParamSchema } from '@syrx/contracts/ids';

const serviceParams = z.object({ id: controllerIdSchema, serviceId: z.string().min(1).max(200) });
const transmitterParams = serviceParams.extend({ transmitterId: dbIdParamSchema });
const base = '/api/SyrxControllers/:id/services/:serviceId';
const tags = ['pressure control'];

/** The building pressure control service's configuration and transmitters (legacy base; spec 01 section 7). */
export const pressureControlRoutes: Routes = (app, { services, guards }) => {
  const r = typed(app);
  const { pressureControl: svc } = services;
  const pre = { preHandler: guards.requireActor };

  r.get(`${base}/configuration`, { ...pre, schema: { tags, params: serviceParams, response: { 200: pressureConfigurationSchema } } },
    async (req) => svc.getConfiguration(actorOf(req), req.params.id, req.params.serviceId));
  r.patch(`${base}/configuration`, { ...pre, schema: { tags, params: serviceParams, body: pressureConfigurationPatchSchema, response: { 200: pressureConfigurationSchema } } },
    async (req) => svc.patchConfiguration(actorOf(req), req.params.id, req.params.serviceId, req.body));

  r.get(`${base}/building-pressure-transmitters`, { ...pre, schema: { tags, params: serviceParams, response: { 200: z.array(pressureTransmitterSchema) } } },
    async (req) => svc.listTransmitters(actorOf(req), req.params.id, req.params.serviceId));
  r.post(`${base}/building-pressure-transmitters`, { ...pre, schema: { tags, params: serviceParams, body: pressureTransmitterInputSchema, response: { 201: pressureTransmitterSchema } } },
    async (req, reply) => reply.status(201).send(await svc.createTransmitter(actorOf(req), req.params.id, req.params.serviceId, req.body)));
  r.get(`${base}/building-pressure-transmitters/:transmitterId`, { ...pre, schema: { tags, params: transmitterParams, response: { 200: pressureTransmitterSchema } } },
    async (req) => svc.getTransmitter(actorOf(req), req.params.id, req.params.serviceId, req.params.transmitterId));
  r.put(`${base}/building-pressure-transmitters/:transmitterId`, { ...pre, schema: { tags, params: transmitterParams, body: pressureTransmitterInputSchema, response: { 200: pressureTransmitterSchema } } },
    async (req) => svc.updateTransmitter(actorOf(req), req.params.id, req.params.serviceId, req.params.transmitterId, req.body));
  r.delete(`${base}/building-pressure-transmitters/:transmitterId`, { ...pre, schema: { tags, params: transmitterParams } }, async (req, reply) => {
    await svc.deleteTransmitter(actorOf(req), req.params.id, req.params.serviceId, req.params.transmitterId);
    return reply.status(204).send();
  });
};
