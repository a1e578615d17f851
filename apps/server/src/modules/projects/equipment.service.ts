import { noPointType } from '@syrx/contracts/components';
import {
  type Equipment, type equipmentCreateSchema, type equipmentFieldsSchema, equipmentMessages, type EquipmentTask, type equipmentTasksInputSchema,
  type ScheduleItem,
} from '@syrx/contracts/equipment';
import { AppError, type FieldError } from '@syrx/contracts/errors';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ComponentsService } from '../components/components.service.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { isForeignKeyViolation } from '../../lib/pg-errors.ts';
import { requireVisibleGroup } from '../../security/group-scope.ts';
import type { Actor } from '../../security/actor.ts';
import { type EquipmentOwner, type EquipmentValues, equipmentRepo as repo } from './equipment.repo.ts';
import { mayManageProjects } from './project-access.ts';
import type { ProjectsService } from './projects.service.ts';

export type EquipmentCreateInput = z.output<typeof equipmentCreateSchema>;
export type EquipmentFieldsInput = z.output<typeof equipmentFieldsSchema>;
export type EquipmentTasksInput = z.output<typeof equipmentTasksInputSchema>;

const needsManage = 'Changing equipment needs the permission equipment_manage (projects_manage for equipment of a project).';
const needsProjects = 'Choosing the points of a project\'s equipment needs the permission projects_manage.';
const invalid = (fields: FieldError[]) => AppError.badRequest('The request has invalid or missing fields.', fields);

export const valuesOf = (f: EquipmentFieldsInput): EquipmentValues => ({
  name: f.name, description: f.description, department: f.department, model: f.model, manufacturer: f.manufacturer, serial: f.serial,
  installDate: f.install_date, demoDate: f.demo_date, location: f.location,
});

/** equipment_manage; for equipment of a project, projects_manage in its group does as well (docs/permissions.md). */
const mayChange = (actor: Actor, owner: EquipmentOwner): boolean =>
  actor.permissions.has('equipment_manage') || (owner.projectId !== null && mayManageProjects(actor, owner.groupId));

/**
 * Stores a new equipment of `componentId` with the chosen subcomponents, copying the points of its component and of
 * every type down to each chosen subcomponent. A component that does not exist or a subcomponent that is not below it
 * is a 400 naming the field. Used by the API and by the demo seed.
 */
export async function insertEquipment(
  db: Db, components: ComponentsService, owner: EquipmentOwner, componentId: number, values: EquipmentValues, subComponents: readonly number[],
): Promise<number> {
  if (!(await components.exists(componentId))) throw invalid([{ field: 'equipment.component_id', message: equipmentMessages.componentUnknown }]);
  const chosen = [...new Set(subComponents)];
  const { points, invalid: wrong } = await components.pointsFor(db, componentId, chosen);
  if (wrong.length > 0) throw invalid(wrong.map((id) => ({ field: `sub_components.${subComponents.indexOf(id)}`, message: equipmentMessages.subComponent })));
  try {
    return await db.transaction((tx) =>
      repo.insert(tx, { ...owner, componentId }, values, chosen, points.map((p) => ({ componentPointId: p.id, pointCode: p.point_code, pointType: p.point_type }))));
  } catch (err) {
    // The project, group or a type was deleted meanwhile.
    if (isForeignKeyViolation(err)) throw AppError.notFound(owner.projectId === null ? 'The group' : 'The project');
    throw err;
  }
}

/**
 * Equipment (spec 02 sections 2 to 5 and 7): reading needs the equipment's group visible; changes need equipment_manage
 * (or projects_manage for a project's equipment). An equipment or project of a group the user cannot see answers 404.
 */
export function createEquipmentService(db: Db, groups: GroupsService, components: ComponentsService, projects: ProjectsService) {
  async function requireEquipment(actor: Actor, id: number): Promise<EquipmentOwner> {
    const owner = await repo.ownerOf(db, id);
    if (owner === null || !(await groups.canSee(actor, owner.groupId))) throw AppError.notFound('The equipment');
    return owner;
  }

  function requireChange(actor: Actor, owner: EquipmentOwner): void {
    if (!mayChange(actor, owner)) throw AppError.forbidden(needsManage);
  }

  async function equipmentOf(id: number): Promise<Equipment> {
    const found = await repo.find(db, id);
    if (!found) throw AppError.notFound('The equipment');
    return found;
  }

  return {
    async get(actor: Actor, id: number): Promise<Equipment> {
      await requireEquipment(actor, id);
      return equipmentOf(id);
    },

    async create(actor: Actor, input: EquipmentCreateInput): Promise<Equipment> {
      const groupId = input.equipment.group_id;
      await requireVisibleGroup(groups, actor, groupId);
      if (input.project_id !== null && (await projects.requireProject(actor, input.project_id)) !== groupId) {
        throw invalid([{ field: 'project_id', message: equipmentMessages.projectGroup }]);
      }
      const owner = { groupId, projectId: input.project_id };
      requireChange(actor, owner);
      return equipmentOf(await insertEquipment(db, components, owner, input.equipment.component_id, valuesOf(input.equipment), input.sub_components));
    },

    async update(actor: Actor, id: number, fields: EquipmentFieldsInput): Promise<Equipment> {
      requireChange(actor, await requireEquipment(actor, id));
      if (!(await repo.update(db, id, valuesOf(fields)))) throw AppError.notFound('The equipment');
      return equipmentOf(id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      requireChange(actor, await requireEquipment(actor, id));
      if (!(await repo.delete(db, id))) throw AppError.notFound('The equipment');
    },

    /** GET /projects/{id}/schedule: the project's equipment. */
    async schedule(actor: Actor, projectId: number): Promise<ScheduleItem[]> {
      await projects.requireProject(actor, projectId);
      return repo.schedule(db, projectId);
    },

    /**
     * POST /projects/{id}/equipment-tasks: one choice per listed point of an equipment of the project, replacing an earlier
     * choice. Every point must be one of the equipment's and not of type NP; the answer is all the equipment's choices.
     */
    async saveTasks(actor: Actor, projectId: number, input: EquipmentTasksInput): Promise<EquipmentTask[]> {
      const groupId = await projects.requireProject(actor, projectId);
      if (!mayManageProjects(actor, groupId)) throw AppError.forbidden(needsProjects);
      const owner = await repo.ownerOf(db, input.equipment_id);
      if (owner?.projectId !== projectId) throw invalid([{ field: 'equipment_id', message: equipmentMessages.notInProject }]);
      const types = await repo.pointTypes(db, input.equipment_id);
      const seen = new Set<number>();
      const fields: FieldError[] = [];
      input.equipment_points.forEach((p, i) => {
        const field = `equipment_points.${i}.component_point_id`;
        const type = types.get(p.component_point_id);
        if (type === undefined) fields.push({ field, message: equipmentMessages.notAPoint });
        else if (type === noPointType) fields.push({ field, message: equipmentMessages.noPoint });
        else if (seen.has(p.component_point_id)) fields.push({ field, message: equipmentMessages.duplicatePoint });
        seen.add(p.component_point_id);
      });
      if (fields.length > 0) throw invalid(fields);
      try {
        await repo.upsertTasks(db, projectId, input.equipment_id, input.equipment_points.map((p) => ({ componentPointId: p.component_point_id, choice: p.add_exist_replace })));
      } catch (err) {
        // The equipment or the project was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw AppError.notFound('The equipment');
        throw err;
      }
      return repo.tasksOf(db, input.equipment_id);
    },
  };
}
export type EquipmentService = ReturnType<typeof createEquipmentService>;

/** Stores a project's equipment tasks without an actor (the demo seed); the points are the equipment's own. */
export const seedEquipmentTasks = (db: DbOrTx, projectId: number, equipmentId: number, items: { componentPointId: number; choice: EquipmentTask['add_exist_replace'] }[]) =>
  repo.upsertTasks(db, projectId, equipmentId, items);
