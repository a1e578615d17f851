import { z } from 'zod';
import { equipmentTaskListSchema, equipmentTasksInputSchema, scheduleSchema } from '@syrx/contracts/equipment';
import { projectCreateSchema, projectIdSchema, projectPageSchema, projectSchema, projectsQuerySchema, projectUpdateSchema } from '@syrx/contracts/projects';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import type { EquipmentService } from './equipment.service.ts';
import type { ProjectsService } from './projects.service.ts';

const base = '/api/v2';
const tags = ['projects'];
const idParams = z.object({ id: projectIdSchema });

/** Projects of a group, a project's schedule and its equipment tasks (spec 02 section 7, newer base). */
export const projectsRoutes = (svc: ProjectsService, equipment: EquipmentService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requireActor };

  r.get(`${base}/groups/:groupId/projects`, { ...pre, schema: { tags, params: z.object({ groupId: projectIdSchema }), querystring: projectsQuerySchema, response: { 200: projectPageSchema } } },
    async (req) => svc.list(actorOf(req), req.params.groupId, req.query));
  r.post(`${base}/projects`, { ...pre, schema: { tags, body: projectCreateSchema, response: { 201: projectSchema } } },
    async (req, reply) => reply.status(201).send(await svc.create(actorOf(req), req.body)));
  r.get(`${base}/projects/:id`, { ...pre, schema: { tags, params: idParams, response: { 200: projectSchema } } },
    async (req) => svc.get(actorOf(req), req.params.id));
  r.put(`${base}/projects/:id`, { ...pre, schema: { tags, params: idParams, body: projectUpdateSchema, response: { 200: projectSchema } } },
    async (req) => svc.update(actorOf(req), req.params.id, req.body));
  r.delete(`${base}/projects/:id`, { ...pre, schema: { tags, params: idParams } }, async (req, reply) => {
    await svc.remove(actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.get(`${base}/projects/:id/schedule`, { ...pre, schema: { tags, params: idParams, response: { 200: scheduleSchema } } },
    async (req) => equipment.schedule(actorOf(req), req.params.id));
  r.post(`${base}/projects/:id/equipment-tasks`, { ...pre, schema: { tags, params: idParams, body: equipmentTasksInputSchema, response: { 200: equipmentTaskListSchema } } },
    async (req) => equipment.saveTasks(actorOf(req), req.params.id, req.body));
};
