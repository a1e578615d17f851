import { z } from 'zod';
import { dbIdParamSchema } from './ids.ts';

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
