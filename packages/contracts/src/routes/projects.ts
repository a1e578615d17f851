import { z } from 'zod';
import { equipmentTaskListSchema, equipmentTasksInputSchema, scheduleSchema } from '../equipment.ts';
import { projectCreateSchema, projectIdSchema, projectPageSchema, projectSchema, projectsQuerySchema, projectUpdateSchema } from '../projects.ts';
import { recordRoutes, route } from '../route.ts';

const tags = ['projects'];
const params = z.object({ id: projectIdSchema });
const one = '/api/v2/projects/:id';

/** Projects of a group, a project's schedule and its equipment tasks (spec 02 section 7, newer base). */
export const projectsRoutes = {
  /** One page of the group's projects, sorted. */
  list: route({ method: 'GET', path: '/api/v2/groups/:groupId/projects', tags, params: z.object({ groupId: projectIdSchema }), query: projectsQuerySchema, response: projectPageSchema }),
  ...recordRoutes('/api/v2/projects', { tags, id: projectIdSchema, item: projectSchema, create: projectCreateSchema, update: projectUpdateSchema }),

  /** The project's equipment. */
  schedule: route({ method: 'GET', path: `${one}/schedule`, tags, params, response: scheduleSchema }),
  /** The point choices of one equipment. */
  saveEquipmentTasks: route({ method: 'POST', path: `${one}/equipment-tasks`, tags, params, body: equipmentTasksInputSchema, response: equipmentTaskListSchema }),
};
