import { z } from 'zod';
import { gridQuerySchema } from './grid.ts';
import { idNameShape, lengthMessage, newRowGroupIdSchema, optionalText } from './fields.ts';
import { dbIdParamSchema, dbIdSchema, maxDbId } from './ids.ts';
import { pageSchema } from './jobs.ts';

/**
 * Commissioning projects of a group (spec 02 sections 2, 3, 5, 7 and 8). Start and complete dates travel as UTC
 * timestamps; owner, commissioning authority and engineer are contacts of the project's group, or null.
 */

export const projectMessages = {
  name: 'Name is required',
  length: lengthMessage,
  date: 'Enter a date as a UTC timestamp (ISO 8601)',
  contactUnknown: 'This person is not a contact of the project\'s group',
  idMismatch: 'The id in the body is not the project\'s',
  groupFixed: 'A project stays in its group',
  /** Spec 02 section 8. */
  deleteFailed: 'Delete Failed. Please try again later.',
  createFailed: 'Project creation failed. Please try again later.',
  updateFailed: 'Project update failed. Please try again later.',
} as const;

/** A database id (PostgreSQL integer), in a path or a body. */
export const projectIdSchema = dbIdParamSchema;

/** The people of a project (each a contact id or null), with the labels of their selects. */
export const projectPeople = [
  { field: 'owner_id', label: 'Owner' },
  { field: 'comm_authority_id', label: 'Comm Authority' },
  { field: 'engineer_id', label: 'Engineer' },
] as const;
export type ProjectPersonField = (typeof projectPeople)[number]['field'];

export const projectSchema = z.object({
  ...idNameShape,
  address: z.string().nullable(),
  customer_project_id: z.string().nullable(),
  architect_project_id: z.string().nullable(),
  /** UTC timestamps (ISO 8601, e.g. 2026-03-01T00:00:00.000Z). */
  start_date: z.string().nullable(),
  complete_date: z.string().nullable(),
  estimated_cost: z.string().nullable(),
  owner_id: z.number().int().nullable(),
  comm_authority_id: z.number().int().nullable(),
  engineer_id: z.number().int().nullable(),
  group_id: z.number().int(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectPageSchema = pageSchema(projectSchema);
export type ProjectPage = z.infer<typeof projectPageSchema>;

/** Grid sort fields of GET /api/v2/groups/{groupId}/projects (default: by name). */
export const sortableProjectFields = ['id', 'name', 'address', 'customer_project_id', 'architect_project_id', 'start_date', 'complete_date', 'estimated_cost'] as const;
export const projectsQuerySchema = gridQuerySchema;

const timestamp = z.iso.datetime({ offset: true, error: projectMessages.date }).nullish().transform((v) => (v ? new Date(v).toISOString() : null));
const person = z.number({ error: projectMessages.contactUnknown }).int().positive().max(maxDbId).nullish().transform((v) => v ?? null);

const projectFields = {
  name: z.string({ error: projectMessages.name }).trim().min(1, projectMessages.name).max(200, projectMessages.length('a name', 200)),
  address: optionalText('an address', 500),
  customer_project_id: optionalText('a customer project id', 100),
  architect_project_id: optionalText('an architect project id', 100),
  start_date: timestamp,
  complete_date: timestamp,
  estimated_cost: optionalText('an estimated cost', 100),
  owner_id: person,
  comm_authority_id: person,
  engineer_id: person,
  group_id: newRowGroupIdSchema,
};

/** POST /api/v2/projects: the project's fields and its group. */
export const projectCreateSchema = z.object(projectFields);
export type ProjectCreate = z.input<typeof projectCreateSchema>;

/** PUT /api/v2/projects/{id}: the same fields, with the id (when sent, the path's) and the group (its own). */
export const projectUpdateSchema = z.object({ ...projectFields, id: dbIdSchema.optional() });
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;
