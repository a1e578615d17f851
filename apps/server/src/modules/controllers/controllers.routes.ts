import { z } from 'zod';
import { AppError } from '@syrx/contracts/errors';
import {
  bacnetConnectionInputSchema, bacnetConnectionSchema, bbmdServerSchema, bbmdServersInputSchema, controllerIdSchema,
  controllerInputSchema, controllerMessages, countSchema, createdControllerSchema, enabledServiceSchema,
  enabledServicesInputSchema, registerControllerSchema, syrxControllerSchema,
} from '@syrx/contracts/controllers';
import { gridQuerySchema } from '@syrx/contracts/grid';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import { rateLimitMessage } from '../auth/auth.service.ts';
import { dbIdParamSchema } from '@syrx/contracts/ids';

const idParams = z.object({ id: controllerIdSchema });
const serviceParams = idParams.extend({ serviceId: z.string().min(1).max(200) });
const listQuery = gridQuerySchema.extend({ root_group_id: dbIdParamSchema.optional() });
const base = '/api/SyrxControllers/:id';

/** Controllers, their BACnet connection, BBMD servers and enabled services (legacy base). */
export const controllersRoutes: Routes = (app, { config, services, guards }) => {
  const r = typed(app);
  const { controllers, connection, enabledServices, users } = services;
  const pre = { preHandler: guards.requireActor };
  const tags = ['controllers'];
  const currentGroupId = async (userId: number) => (await users.sessionUser(userId)).commissioning_group?.id ?? null;

  r.get('/api/SyrxControllers', { ...pre, schema: { tags, querystring: listQuery, response: { 200: z.array(syrxControllerSchema) } } },
    async (req) => controllers.list(actorOf(req), req.query));
  r.get('/api/SyrxControllers/count', { ...pre, schema: { tags, querystring: listQuery.pick({ root_group_id: true }), response: { 200: countSchema } } },
    async (req) => ({ count: await controllers.count(actorOf(req), req.query.root_group_id) }));
  r.post('/api/SyrxControllers', { ...pre, schema: { tags, body: controllerInputSchema, response: { 201: createdControllerSchema } } },
    async (req, reply) => reply.status(201).send(await controllers.create(actorOf(req), req.body, await currentGroupId(actorOf(req).userId))));
  r.get(base, { ...pre, schema: { tags, params: idParams, response: { 200: syrxControllerSchema } } },
    async (req) => controllers.get(actorOf(req), req.params.id));
  r.put(base, { ...pre, schema: { tags, params: idParams, body: controllerInputSchema, response: { 200: syrxControllerSchema } } },
    async (req) => controllers.update(actorOf(req), req.params.id, req.body));
  r.delete(base, { ...pre, schema: { tags, params: idParams } }, async (req, reply) => {
    await controllers.remove(actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.patch('/api/BacnetControllers/:id/register', {
    ...pre,
    config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute', errorResponseBuilder: () => new AppError('rate_limited', 429, rateLimitMessage) } },
    schema: { tags, params: z.object({ id: z.string().max(100) }), body: registerControllerSchema, response: { 200: syrxControllerSchema } },
  }, async (req) => {
    if (req.params.id.toLowerCase() !== req.body.syrx_controller_id) throw new AppError('bad_request', 400, controllerMessages.registrationFailed);
    const actor = actorOf(req);
    return controllers.register(actor, await currentGroupId(actor.userId), req.body.syrx_controller_id, req.body.password);
  });

  r.get(`${base}/bacnet-connection-configuration`, { ...pre, schema: { tags, params: idParams, response: { 200: bacnetConnectionSchema.nullable() } } },
    async (req) => connection.get(actorOf(req), req.params.id));
  r.put(`${base}/bacnet-connection-configuration`, { ...pre, schema: { tags, params: idParams, body: bacnetConnectionInputSchema, response: { 200: bacnetConnectionSchema } } },
    async (req) => connection.put(actorOf(req), req.params.id, req.body));
  r.delete(`${base}/bacnet-connection-configuration`, { ...pre, schema: { tags, params: idParams } }, async (req, reply) => {
    await connection.remove(actorOf(req), req.params.id);
    return reply.status(204).send();
  });
  r.get(`${base}/bacnet-connection-bbmd-servers`, { ...pre, schema: { tags, params: idParams, response: { 200: z.array(bbmdServerSchema) } } },
    async (req) => connection.listBbmd(actorOf(req), req.params.id));
  r.put(`${base}/bacnet-connection-bbmd-servers`, { ...pre, schema: { tags, params: idParams, body: bbmdServersInputSchema, response: { 200: z.array(bbmdServerSchema) } } },
    async (req) => connection.putBbmd(actorOf(req), req.params.id, req.body));

  r.get(`${base}/enabled-services`, { ...pre, schema: { tags, params: idParams, querystring: gridQuerySchema, response: { 200: z.array(enabledServiceSchema) } } },
    async (req) => enabledServices.list(actorOf(req), req.params.id));
  r.put(`${base}/enabled-services`, { ...pre, schema: { tags, params: idParams, body: enabledServicesInputSchema, response: { 200: z.array(enabledServiceSchema) } } },
    async (req) => enabledServices.replace(actorOf(req), req.params.id, req.body));
  r.get(`${base}/enabled-services/:serviceId`, { ...pre, schema: { tags, params: serviceParams, response: { 200: enabledServiceSchema } } },
    async (req) => enabledServices.get(actorOf(req), req.params.id, req.params.serviceId));

  r.get(`${base}/critical-systemd-service-statuses`, { ...pre, schema: { tags, params: idParams } }, async (req) => {
    const report = await controllers.criticalStatuses(actorOf(req), req.params.id);
    if (!report) throw AppError.notFound('A status report of this controller');
    return report;
  });

  // GET /api/v2/syrx-controller-service-types (with their versions) lives in modules/service-versions.
};
