import { z } from 'zod';
import { lengthMessage } from './fields.ts';
import { dbIdParamSchema, dbIdSchema } from './ids.ts';

/**
 * The component type taxonomy (spec 02 sections 3, 5, 7 and 9; docs/projects.md): a tree of equipment types whose
 * top-level schedule types are a project schedule's sections and whose descendants are the subcomponent choices.
 * Each type has points with a point code and a BACnet-style point type; NP means "no point" and is never selectable.
 */

export const pointTypes = ['AI', 'AO', 'AV', 'BI', 'BO', 'BV', 'MSI', 'MSO', 'MSV', 'NP'] as const;
export type PointType = (typeof pointTypes)[number];
/** The point type of a point that is no BACnet point (spec 02 section 5: excluded from point selection). */
export const noPointType = 'NP' satisfies PointType;

/** Spec 02 section 9: the typeahead shows at most 5 results (in a list 300 px high). */
export const typeaheadLimit = 5;
export const typeaheadListHeight = 300;

export const componentIdSchema = dbIdParamSchema;

export interface ComponentNode {
  id: number;
  description: string;
  children: ComponentNode[];
}

/** A component tree node (spec 02 section 3): id, description, children. */
export const componentNodeSchema: z.ZodType<ComponentNode> = z.object({
  id: z.number().int(),
  description: z.string(),
  get children() {
    return z.array(componentNodeSchema);
  },
});
export const componentTreeSchema = z.array(componentNodeSchema);

/** One typeahead result: the component and the descriptions of the types above it (top first). */
export const componentMatchSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  ancestors: z.array(z.string()),
  is_schedule_type: z.boolean(),
});
export type ComponentMatch = z.infer<typeof componentMatchSchema>;
export const componentMatchListSchema = z.array(componentMatchSchema);

/** GET /api/v2/components/typeahead/{text}: 1 to 100 characters. */
export const typeaheadTextSchema = z.string().trim().min(1, 'Type at least one character').max(100, 'Type at most 100 characters');

/** How a typeahead match reads in a list: "Two-Way Valve (Air Handling Unit › Cooling › Chilled Water Coil)". */
export const matchLabel = (m: ComponentMatch): string => (m.ancestors.length === 0 ? m.description : `${m.description} (${m.ancestors.join(' › ')})`);

/** Messages of the component type editor and of points (Admin › Components and Generic points). */
export const componentMessages = {
  description: 'Enter a description',
  length: lengthMessage,
  pointCode: 'Enter a point code',
  pointType: `Choose a point type (${pointTypes.join(', ')})`,
  parentUnknown: 'This component type does not exist',
  scheduleTopOnly: 'Only a top-level type can be a schedule type',
  typeTaken: (description: string) => `A type named "${description}" already exists here.`,
  pointTaken: (code: string) => `This type already has a point "${code}".`,
  typeInUse: (description: string, n: number) => `The component type "${description}" cannot be deleted: ${n} equipment use it or a type below it.`,
  pointInUse: (code: string, n: number) => `The point "${code}" cannot be removed: ${n} equipment have it.`,
} as const;

const requiredText = (what: string, max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, componentMessages.length(what, max));

/** A point's own fields (a component type's point, a generic point): code, description, point type. */
export const pointFieldsSchema = z.object({
  point_code: requiredText('a point code', 50, componentMessages.pointCode),
  description: requiredText('a description', 200, componentMessages.description),
  point_type: z.enum(pointTypes, { error: componentMessages.pointType }),
});
export type PointFields = z.input<typeof pointFieldsSchema>;

/** A component type as the Admin tree edits it (a flat list; parent_id null at the top), with its number of points. */
export const componentTypeSchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  description: z.string(),
  is_schedule_type: z.boolean(),
  sort_order: z.number().int(),
  points: z.number().int(),
});
export type ComponentType = z.infer<typeof componentTypeSchema>;

const typeDescription = requiredText('a description', 200, componentMessages.description);
/** POST /component-types: a new type under `parent_id` (null: top level), placed after its siblings. */
export const componentTypeCreateSchema = z.object({ parent_id: dbIdSchema.nullable(), description: typeDescription, is_schedule_type: z.boolean().default(false) });
export type ComponentTypeCreate = z.input<typeof componentTypeCreateSchema>;
/** PUT /component-types/{id}: rename, and (top-level types only) mark as a schedule type. */
export const componentTypeUpdateSchema = z.object({ description: typeDescription, is_schedule_type: z.boolean() });
export type ComponentTypeUpdate = z.input<typeof componentTypeUpdateSchema>;
/** POST /component-types/{id}/move: one place up or down among its siblings. */
export const componentTypeMoveSchema = z.object({ direction: z.enum(['up', 'down']) });

/** A point of a component type, in the type's order. */
export const componentPointSchema = z.object({
  id: z.number().int(),
  component_id: z.number().int(),
  point_code: z.string(),
  description: z.string(),
  point_type: z.enum(pointTypes),
  sort_order: z.number().int(),
});
export type ComponentPoint = z.infer<typeof componentPointSchema>;
