import { z } from 'zod';
import { idNameShape, userIdentityShape } from './fields.ts';
import { dbIdParamSchema, dbIdSchema } from './ids.ts';

export const groupRefSchema = z.object(idNameShape);
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

/** The messages of group administration (groups_manage): the server sends them, the screens show them. */
export const groupMessages = {
  required: 'Required',
  tooLong: 'At most 100 characters',
  unknownParent: 'No such group',
  unknownUser: 'No such user',
  nameTaken: (name: string) => `The parent group already has a group named "${name}".`,
  cycle: 'A group cannot be moved under itself or one of its subgroups.',
  topLevelMove: 'The top-level group cannot be moved.',
  topLevelDelete: 'The top-level group cannot be deleted.',
  needsParent: 'Choose the group to put this group in.',
  parentHidden: 'This group is in a group you do not see, so it cannot be moved.',
  keepYourself: 'You would no longer see this group: keep yourself a member, or be a member of a group above it.',
  inUse: (name: string, what: string) => `The group "${name}" cannot be deleted: it still has ${what}. Move or remove them first.`,
} as const;

/** What may still hang on a group when it is to be deleted (never deleted with it); the 409's details count them. */
export const groupDependents = [
  'members', 'subgroups', 'controllers', 'accounts', 'projects', 'contacts', 'equipment', 'group_points', 'orders', 'group_role_holders',
] as const;
export type GroupDependent = (typeof groupDependents)[number];
/** How a count reads in the 409's message ("2 members", "1 subgroup"). */
export const groupDependentLabels: Record<GroupDependent, readonly [one: string, many: string]> = {
  members: ['member', 'members'], subgroups: ['subgroup', 'subgroups'], controllers: ['Syrx controller', 'Syrx controllers'],
  accounts: ['building meter account', 'building meter accounts'], projects: ['project', 'projects'], contacts: ['contact', 'contacts'],
  equipment: ['piece of equipment', 'pieces of equipment'], group_points: ['group point', 'group points'], orders: ['order', 'orders'],
  group_role_holders: ['group role holder', 'group role holders'],
};

const groupName = z.string().trim().min(1, groupMessages.required).max(100, groupMessages.tooLong);

/** POST /api/v2/groups: a subgroup of a group the caller sees; names are unique among siblings (without case). */
export const groupCreateSchema = z.object({
  name: groupName,
  parent_id: dbIdSchema,
  require_two_factor: z.boolean().optional(),
});
export type GroupCreate = z.input<typeof groupCreateSchema>;

/**
 * PUT /api/v2/groups/{id}: rename, move (another parent_id) and, when given, the two-factor requirement. The top-level
 * group keeps parent_id null; every other group needs a parent.
 */
export const groupUpdateSchema = z.object({
  name: groupName,
  parent_id: dbIdSchema.nullable(),
  require_two_factor: z.boolean().optional(),
});
export type GroupUpdate = z.input<typeof groupUpdateSchema>;

/** GET /api/v2/groups/{id} (groups_manage): the group, where it is, and what hangs on it directly. */
export const groupDetailSchema = z.object({
  ...idNameShape,
  /** Null for the top-level group. */
  parent_id: z.number().int().nullable(),
  /** The groups above it that the caller sees, from the top down (the group itself not included). */
  path: z.array(groupRefSchema),
  /** Members of this group (and its descendants) must sign in with a second factor. */
  require_two_factor: z.boolean(),
  counts: z.object({
    members: z.number().int(), subgroups: z.number().int(), controllers: z.number().int(), accounts: z.number().int(), projects: z.number().int(),
  }),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

/** A user as group administration lists them: a direct member, or a candidate to add. */
export const groupMemberSchema = z.object(userIdentityShape);
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** PUT /api/v2/groups/{id}/members: the direct members after the change (users the caller sees). */
export const groupMembersInputSchema = z.object({ user_ids: z.array(dbIdSchema).max(1000) });
export type GroupMembersInput = z.input<typeof groupMembersInputSchema>;

/** GET /api/v2/groups/{id}/member-candidates?q=: users the caller sees whose name, username or e-mail contains q. */
export const memberCandidatesQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

/** A Syrx controller of the group itself (the group page lists them). */
export const groupControllerSchema = z.object({ id: z.string(), name: z.string(), description: z.string() });
export type GroupController = z.infer<typeof groupControllerSchema>;
