import { z } from 'zod';
import { equipmentCreateSchema, equipmentIdSchema, equipmentSchema, equipmentUpdateSchema } from '@syrx/contracts/equipment';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import type { EquipmentService } from './equipment.service.ts';

const base = '/api/v2/equipments';
const tags = ['equipment'];
const idParams = z.object({ id: equipmentIdSchema });

/** Equipment (spec 02 section 7, newer base): create (in the schedule flow with its project), read, update, delete. */
export const equipmentRoutes = (svc: EquipmentService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requireActor };

  r.post(base, { ...pre, schema: { tags, body: equipmentCreateSchema, response: { 201: equipmentSchema } } },
    async (req, reply) => reply.status(201).send(await svc.create(actorOf(req), req.body)));
  r.get(`${base}/:id`, { ...pre, schema: { tags, params: idParams, response: { 200: equipmentSchema } } },
    async (req) => svc.get(actorOf(req), req.params.id));
  r.put(`${base}/:id`, { ...pre, schema: { tags, params: idParams, body: equipmentUpdateSchema, response: { 200: equipmentSchema } } },
    async (req) => svc.update(actorOf(req), req.params.id, req.body.equipment));
  r.delete(`${base}/:id`, { ...pre, schema: { tags, params: idParams } }, async (req, reply) => {
    await svc.remove(actorOf(req), req.params.id);
    return reply.status(204).send();
  });
};
