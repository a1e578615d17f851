import { z } from 'zod';
import { controllerIdSchema } from '../controllers.ts';
import { dbIdParamSchema } from '../ids.ts';
import {
  pressureConfigurationPatchSchema, pressureConfigurationSchema, pressureTransmitterInputSchema, pressureTransmitterSchema,
} from '../pressure-control.ts';
import { route } from '../route.ts';

const tags = ['pressure control'];
const params = z.object({ id: controllerIdSchema, serviceId: z.string().min(1).max(200) });
const transmitterParams = params.extend({ transmitterId: dbIdParamSchema });
const base = '/api/SyrxControllers/:id/services/:serviceId';
const transmitters = `${base}/building-pressure-transmitters` as const;

/** The building pressure control service's configuration and transmitters (legacy base; spec 01 section 7). */
export const pressureControlRoutes = {
  configuration: route({ method: 'GET', path: `${base}/configuration`, tags, params, response: pressureConfigurationSchema }),
  patchConfiguration: route({ method: 'PATCH', path: `${base}/configuration`, tags, params, body: pressureConfigurationPatchSchema, response: pressureConfigurationSchema }),

  transmitters: route({ method: 'GET', path: transmitters, tags, params, response: z.array(pressureTransmitterSchema) }),
  createTransmitter: route({ method: 'POST', path: transmitters, tags, params, body: pressureTransmitterInputSchema, response: pressureTransmitterSchema, status: 201 }),
  transmitter: route({ method: 'GET', path: `${transmitters}/:transmitterId`, tags, params: transmitterParams, response: pressureTransmitterSchema }),
  updateTransmitter: route({
    method: 'PUT', path: `${transmitters}/:transmitterId`, tags, params: transmitterParams, body: pressureTransmitterInputSchema, response: pressureTransmitterSchema,
  }),
  deleteTransmitter: route({ method: 'DELETE', path: `${transmitters}/:transmitterId`, tags, params: transmitterParams, status: 204 }),
};
