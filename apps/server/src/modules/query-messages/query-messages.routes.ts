import { z } from 'zod';
import { controllerIdSchema, countSchema } from '@syrx/contracts/controllers';
import { discoverDevicesMessageInputSchema, queryMessageListQuerySchema, queryMessageSchema } from '@syrx/contracts/query-messages';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';

const params = z.object({ id: controllerIdSchema, queryServiceId: z.string().min(1).max(200) });
const messages = '/api/SyrxControllers/:id/services/:queryServiceId/messages';

/** Background messages of a controller's BACnet network query service (legacy base). */
export const queryMessagesRoutes: Routes = (app, { services, guards }) => {
  const r = typed(app);
  const { queryMessages } = services;
  const pre = { preHandler: guards.requireActor };
  const tags = ['query-messages'];

  r.post(`${messages}/create-discover-devices-message`, {
    ...pre, schema: { tags, params, body: discoverDevicesMessageInputSchema.optional(), response: { 201: queryMessageSchema } },
  }, async (req, reply) => reply.status(201).send(await queryMessages.create(actorOf(req), req.params.id, req.params.queryServiceId, req.body ?? {})));
  r.get(messages, { ...pre, schema: { tags, params, querystring: queryMessageListQuerySchema, response: { 200: z.array(queryMessageSchema) } } },
    async (req) => queryMessages.list(actorOf(req), req.params.id, req.params.queryServiceId, req.query));
  r.get(`${messages}/count`, { ...pre, schema: { tags, params, querystring: queryMessageListQuerySchema.pick({ filter: true }), response: { 200: countSchema } } },
    async (req) => ({ count: await queryMessages.count(actorOf(req), req.params.id, req.params.queryServiceId, req.query) }));
};
