import { z } from 'zod';
import { controllerIdSchema, countSchema } from '../controllers.ts';
import { discoverDevicesMessageInputSchema, queryMessageListQuerySchema, queryMessageSchema } from '../query-messages.ts';
import { route } from '../route.ts';

const tags = ['query-messages'];
const params = z.object({ id: controllerIdSchema, queryServiceId: z.string().min(1).max(200) });
const messages = '/api/SyrxControllers/:id/services/:queryServiceId/messages';

/** Background messages of a controller's BACnet network query service (legacy base). */
export const queryMessagesRoutes = {
  /** The server asks the agent for a discovery in the background and adds what it finds as pending devices. */
  createDiscoverDevices: route({
    method: 'POST', path: `${messages}/create-discover-devices-message`, tags, params, body: discoverDevicesMessageInputSchema.optional(),
    response: queryMessageSchema, status: 201,
  }),
  list: route({ method: 'GET', path: messages, tags, params, query: queryMessageListQuerySchema, response: z.array(queryMessageSchema) }),
  count: route({ method: 'GET', path: `${messages}/count`, tags, params, query: queryMessageListQuerySchema.pick({ filter: true }), response: countSchema }),
};
