import { z } from 'zod';
import { equipmentTaskListSchema, equipmentTasksInputSchema, scheduleSchema } from '../equipment.ts';
import { projectCreateSchema, projectIdSchema, projectPageSchema, projectSchema, projectsQuerySchema, projectUpdateSchema } from '../projects.ts';
import { route } from '../route.ts';

const tags = ['projects'];
const params = z.object({ id: projectIdSchema });
const one = '/api/v2/projects/:id';

/** Projects of a group, a project's schedule and its equipment tasks (spec 02 section 7, newer base). */
export const projectsRoutes = {
  /** One page of the group's projects, sorted. */
  list: route({ method: 'GET', path: '/api/v2/groups/:groupId/projects', tags, params: z.object({ groupId: projectIdSchema }), query: projectsQuerySchema, response: projectPageSchema }),
  create: route({ method: 'POST', path: '/api/v2/projects', tags, body: projectCreateSchema, response: projectSchema, status: 201 }),
  get: route({ method: 'GET', path: one, tags, params, response: projectSchema }),
  update: route({ method: 'PUT', path: one, tags, params, body: projectUpdateSchema, response: projectSchema }),
  remove: route({ method: 'DELETE', path: one, tags, params, status: 204 }),

  /** The project's equipment. */
  schedule: route({ method: 'GET', path: `${one}/schedule`, tags, params, response: scheduleSchema }),
  /** The point choices of one equipment. */
  saveEquipmentTasks: route({ method: 'POST', path: `${one}/equipment-tasks`, tags, params, body: equipmentTasksInputSchema, response: equipmentTaskListSchema }),
};
