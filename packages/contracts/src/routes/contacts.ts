import { z } from 'zod';
import { contactCreateSchema, contactIdSchema, contactListSchema, contactSchema, contactUpdateSchema } from '../contacts.ts';
import { recordRoutes, route } from '../route.ts';

const tags = ['contacts'];

/** Contacts of a group (spec 02 section 7, newer base) and the contacts screen's changes. */
export const contactsRoutes = {
  forGroup: route({ method: 'GET', path: '/api/v2/groups/:groupId/contacts', tags, params: z.object({ groupId: contactIdSchema }), response: contactListSchema }),
  ...recordRoutes('/api/v2/contacts', { tags, id: contactIdSchema, item: contactSchema, create: contactCreateSchema, update: contactUpdateSchema }),
};
