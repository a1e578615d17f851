import { z } from 'zod';
import { contactCreateSchema, contactIdSchema, contactListSchema, contactSchema, contactUpdateSchema } from '../contacts.ts';
import { route } from '../route.ts';

const tags = ['contacts'];
const params = z.object({ id: contactIdSchema });
const one = '/api/v2/contacts/:id';

/** Contacts of a group (spec 02 section 7, newer base) and the contacts screen's changes. */
export const contactsRoutes = {
  forGroup: route({ method: 'GET', path: '/api/v2/groups/:groupId/contacts', tags, params: z.object({ groupId: contactIdSchema }), response: contactListSchema }),
  create: route({ method: 'POST', path: '/api/v2/contacts', tags, body: contactCreateSchema, response: contactSchema, status: 201 }),
  get: route({ method: 'GET', path: one, tags, params, response: contactSchema }),
  update: route({ method: 'PUT', path: one, tags, params, body: contactUpdateSchema, response: contactSchema }),
  remove: route({ method: 'DELETE', path: one, tags, params, status: 204 }),
};
