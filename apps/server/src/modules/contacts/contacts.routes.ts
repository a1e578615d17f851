import { z } from 'zod';
import { contactCreateSchema, contactIdSchema, contactListSchema, contactSchema, contactUpdateSchema } from '@syrx/contracts/contacts';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import type { ContactsService } from './contacts.service.ts';

const base = '/api/v2';
const tags = ['contacts'];
const idParams = z.object({ id: contactIdSchema });

/** Contacts of a group (spec 02 section 7, newer base) and the contacts screen's changes. */
export const contactsRoutes = (svc: ContactsService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requireActor };

  r.get(`${base}/groups/:groupId/contacts`, { ...pre, schema: { tags, params: z.object({ groupId: contactIdSchema }), response: { 200: contactListSchema } } },
    async (req) => svc.listForGroup(actorOf(req), req.params.groupId));
  r.post(`${base}/contacts`, { ...pre, schema: { tags, body: contactCreateSchema, response: { 201: contactSchema } } },
    async (req, reply) => reply.status(201).send(await svc.create(actorOf(req), req.body)));
  r.get(`${base}/contacts/:id`, { ...pre, schema: { tags, params: idParams, response: { 200: contactSchema } } },
    async (req) => svc.get(actorOf(req), req.params.id));
  r.put(`${base}/contacts/:id`, { ...pre, schema: { tags, params: idParams, body: contactUpdateSchema, response: { 200: contactSchema } } },
    async (req) => svc.update(actorOf(req), req.params.id, req.body));
  r.delete(`${base}/contacts/:id`, { ...pre, schema: { tags, params: idParams } }, async (req, reply) => {
    await svc.remove(actorOf(req), req.params.id);
    return reply.status(204).send();
  });
};
