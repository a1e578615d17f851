import { equipmentCreateSchema, equipmentIdSchema, equipmentSchema, equipmentUpdateSchema } from '../equipment.ts';
import { recordRoutes } from '../route.ts';

/**
 * Equipment (spec 02 section 7, newer base): create (in the schedule flow with its project; answers the new equipment
 * with its points), read, update (the Equipment Information fields), delete. A project's schedule and equipment tasks
 * are projects' (`projectsRoutes.schedule`, `.saveEquipmentTasks`).
 */
export const equipmentRoutes = recordRoutes('/api/v2/equipments', {
  tags: ['equipment'], id: equipmentIdSchema, item: equipmentSchema, create: equipmentCreateSchema, update: equipmentUpdateSchema,
});
