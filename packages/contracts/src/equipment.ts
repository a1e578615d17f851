import { z } from 'zod';
import { isIsoDay } from './accounts.ts';
import { pointTypes } from './components.ts';
import { idNameShape, lengthMessage, newRowGroupIdSchema, optionalText } from './fields.ts';
import { dbIdParamSchema, dbIdSchema, maxDbId } from './ids.ts';

/**
 * Equipment, the project schedule and equipment tasks (spec 02 sections 2 to 5, 7 and 8; docs/projects.md). An equipment
 * is of a component type, optionally scheduled in a project; its points are copied from its types' points when it is
 * created. The schedule's point selection stores one choice per point (equipment tasks).
 */

export const equipmentMessages = {
  name: 'Name is required',
  component: 'Choose a component',
  componentUnknown: 'No such component',
  subComponent: 'Not a subcomponent type of the equipment\'s component',
  date: 'Enter the date as YYYY-MM-DD',
  length: lengthMessage,
  projectGroup: 'The project is not in the equipment\'s group',
  notInProject: 'The equipment is not scheduled in this project',
  notAPoint: 'Not a point of this equipment',
  noPoint: 'A point of type NP (no point) cannot be selected',
  duplicatePoint: 'This point is listed twice',
  /** Spec 02 section 8 (toasts). */
  createFailed: 'Equipment Creation Failed. Please try again later.',
  deleteFailed: 'Equipment Deletion Failed. Please try again later.',
  updateFailed: 'Equipment Update Failed. Please try again later.',
} as const;

const id = dbIdSchema;
export const equipmentIdSchema = dbIdParamSchema;

/** Spec 02 section 9: the choice per equipment point. */
export const pointChoices = ['n/a', 'add', 'exist', 'replace'] as const;
export type PointChoice = (typeof pointChoices)[number];

/** An equipment's point, copied from a component point (description from the component point). */
export const equipmentPointSchema = z.object({
  id: z.number().int(),
  component_point_id: z.number().int(),
  point_code: z.string(),
  point_type: z.enum(pointTypes),
  description: z.string(),
});
export type EquipmentPoint = z.infer<typeof equipmentPointSchema>;

export const equipmentSchema = z.object({
  ...idNameShape,
  description: z.string().nullable(),
  department: z.string().nullable(),
  model: z.string().nullable(),
  manufacturer: z.string().nullable(),
  serial: z.string().nullable(),
  /** Calendar days, YYYY-MM-DD. */
  install_date: z.string().nullable(),
  demo_date: z.string().nullable(),
  location: z.string().nullable(),
  group_id: z.number().int(),
  component_id: z.number().int(),
  /** The component type's description, for editors that show it. */
  component_description: z.string(),
  project_id: z.number().int().nullable(),
  points: z.array(equipmentPointSchema),
  /** The chosen subcomponent types (the last pick of each subcomponent stack). */
  sub_components: z.array(z.number().int()),
});
export type Equipment = z.infer<typeof equipmentSchema>;

const day = z.string().refine(isIsoDay, equipmentMessages.date).nullish().transform((v) => v ?? null);

/** The fields the Equipment Information form edits. */
export const equipmentFieldsSchema = z.object({
  name: z.string({ error: equipmentMessages.name }).trim().min(1, equipmentMessages.name).max(200, equipmentMessages.length('a name', 200)),
  description: optionalText('a description', 1000),
  department: optionalText('a department', 200),
  model: optionalText('a model', 200),
  manufacturer: optionalText('a manufacturer', 200),
  serial: optionalText('a serial number', 200),
  install_date: day,
  demo_date: day,
  location: optionalText('a location', 500),
});
export type EquipmentFields = z.input<typeof equipmentFieldsSchema>;

/** POST /api/v2/equipments: the equipment (with its group and component), its subcomponents, and its project in the schedule flow. */
export const equipmentCreateSchema = z.object({
  equipment: equipmentFieldsSchema.extend({
    group_id: newRowGroupIdSchema,
    component_id: z.number({ error: equipmentMessages.component }).int().positive().max(maxDbId),
  }),
  sub_components: z.array(id).max(50).default([]),
  project_id: id.nullish().transform((v) => v ?? null),
});
export type EquipmentCreate = z.input<typeof equipmentCreateSchema>;

/** PUT /api/v2/equipments/{id}: the Equipment Information fields (component and subcomponents stay). */
export const equipmentUpdateSchema = z.object({ equipment: equipmentFieldsSchema });
export type EquipmentUpdate = z.input<typeof equipmentUpdateSchema>;

/** GET /api/v2/projects/{id}/schedule: one scheduled equipment. */
export const scheduleItemSchema = z.object({
  id: z.number().int(),
  component_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;
export const scheduleSchema = z.array(scheduleItemSchema);

/** POST /api/v2/projects/{id}/equipment-tasks: the point choices of one equipment (upserted per point). */
export const equipmentTasksInputSchema = z.object({
  equipment_id: id,
  equipment_points: z.array(z.object({ component_point_id: id, add_exist_replace: z.enum(pointChoices) })).max(500),
});
export type EquipmentTasksInput = z.input<typeof equipmentTasksInputSchema>;

export const equipmentTaskSchema = z.object({
  equipment_id: z.number().int(),
  component_point_id: z.number().int(),
  add_exist_replace: z.enum(pointChoices),
});
export type EquipmentTask = z.infer<typeof equipmentTaskSchema>;
export const equipmentTaskListSchema = z.array(equipmentTaskSchema);
