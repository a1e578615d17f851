import { z } from 'zod';
import { dbIdParamSchema, dbIdSchema } from './ids.ts';

export const groupRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type GroupRef = z.infer<typeof groupRefSchema>;

/** One node of the lazily loaded group tree (GET /api/v2/groups/getChildrenOf). */
export const groupNodeSchema = groupRefSchema.extend({ has_children: z.boolean() });
export type GroupNode = z.infer<typeof groupNodeSchema>;
export const groupChildrenSchema = z.array(groupNodeSchema);

export const getChildrenOfQuerySchema = z.object({
  id: dbIdParamSchema.optional(),
});

export const currentGroupRequestSchema = z.object({ group_id: dbIdSchema });
export type CurrentGroupRequest = z.infer<typeof currentGroupRequestSchema>;
