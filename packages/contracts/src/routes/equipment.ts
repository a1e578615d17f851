import { z } from 'zod';
import { equipmentCreateSchema, equipmentIdSchema, equipmentSchema, equipmentUpdateSchema } from '../equipment.ts';
import { route } from '../route.ts';

const tags = ['equipment'];
const params = z.object({ id: equipmentIdSchema });
const one = '/api/v2/equipments/:id';

/**
 * Equipment (spec 02 section 7, newer base): create (in the schedule flow with its project), read, update, delete. A
 * project's schedule and equipment tasks are projects' (`projectsRoutes.schedule`, `.saveEquipmentTasks`).
 */
export const equipmentRoutes = {
  /** Answers the new equipment with its points. */
  create: route({ method: 'POST', path: '/api/v2/equipments', tags, body: equipmentCreateSchema, response: equipmentSchema, status: 201 }),
  get: route({ method: 'GET', path: one, tags, params, response: equipmentSchema }),
  /** The Equipment Information fields. */
  update: route({ method: 'PUT', path: one, tags, params, body: equipmentUpdateSchema, response: equipmentSchema }),
  remove: route({ method: 'DELETE', path: one, tags, params, status: 204 }),
};
