import { z } from 'zod';
import {
  bacnetConnectionInputSchema, bacnetConnectionSchema, bbmdServerSchema, bbmdServersInputSchema, controllerIdSchema,
  controllerInputSchema, countSchema, createdControllerSchema, criticalStatusReportSchema, enabledServiceSchema,
  enabledServicesInputSchema, registerControllerSchema, syrxControllerSchema,
} from '../controllers.ts';
import { gridQuerySchema } from '../grid.ts';
import { dbIdParamSchema } from '../ids.ts';
import { route } from '../route.ts';

const tags = ['controllers'];
const params = z.object({ id: controllerIdSchema });
const serviceParams = params.extend({ serviceId: z.string().min(1).max(200) });
const listQuery = gridQuerySchema.extend({ root_group_id: dbIdParamSchema.optional() });
const one = '/api/SyrxControllers/:id';

/** Controllers, their BACnet connection, BBMD servers and enabled services (legacy base). */
export const controllersRoutes = {
  list: route({ method: 'GET', path: '/api/SyrxControllers', tags, query: listQuery, response: z.array(syrxControllerSchema) }),
  count: route({ method: 'GET', path: '/api/SyrxControllers/count', tags, query: listQuery.pick({ root_group_id: true }), response: countSchema }),
  /** 201 with the agent's password, shown this once. */
  create: route({ method: 'POST', path: '/api/SyrxControllers', tags, body: controllerInputSchema, response: createdControllerSchema, status: 201 }),
  get: route({ method: 'GET', path: one, tags, params, response: syrxControllerSchema }),
  update: route({ method: 'PUT', path: one, tags, params, body: controllerInputSchema, response: syrxControllerSchema }),
  remove: route({ method: 'DELETE', path: one, tags, params, status: 204 }),
  /** Claims a provisioned controller by its id and password (rate limited). */
  register: route({ method: 'PATCH', path: '/api/BacnetControllers/:id/register', tags, params: z.object({ id: z.string().max(100) }), body: registerControllerSchema, response: syrxControllerSchema }),

  /** null while the controller has none. */
  getConnection: route({ method: 'GET', path: `${one}/bacnet-connection-configuration`, tags, params, response: bacnetConnectionSchema.nullable() }),
  putConnection: route({ method: 'PUT', path: `${one}/bacnet-connection-configuration`, tags, params, body: bacnetConnectionInputSchema, response: bacnetConnectionSchema }),
  /** Also clears the BBMD servers. */
  removeConnection: route({ method: 'DELETE', path: `${one}/bacnet-connection-configuration`, tags, params, status: 204 }),
  bbmdServers: route({ method: 'GET', path: `${one}/bacnet-connection-bbmd-servers`, tags, params, response: z.array(bbmdServerSchema) }),
  putBbmdServers: route({ method: 'PUT', path: `${one}/bacnet-connection-bbmd-servers`, tags, params, body: bbmdServersInputSchema, response: z.array(bbmdServerSchema) }),

  enabledServices: route({ method: 'GET', path: `${one}/enabled-services`, tags, params, query: gridQuerySchema, response: z.array(enabledServiceSchema) }),
  /** Replaces the list; answers it with the ranges normalised. */
  putEnabledServices: route({ method: 'PUT', path: `${one}/enabled-services`, tags, params, body: enabledServicesInputSchema, response: z.array(enabledServiceSchema) }),
  /** 404 when the service is not enabled (older ids are accepted). */
  enabledService: route({ method: 'GET', path: `${one}/enabled-services/:serviceId`, tags, params: serviceParams, response: enabledServiceSchema }),

  /** 404 until the agent has reported. */
  criticalStatuses: route({ method: 'GET', path: `${one}/critical-systemd-service-statuses`, tags, params, response: criticalStatusReportSchema }),
};
