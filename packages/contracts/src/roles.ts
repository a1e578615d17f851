import { z } from 'zod';
import { idNameShape } from './fields.ts';
import { jobsQuerySchema } from './jobs.ts';
import { allPermissions, nameIn } from './permissions.ts';
import { dbIdSchema } from './ids.ts';

/**
 * Roles and group roles (spec 02, sections 3, 6 and 7; docs/permissions.md). A role is a named list of permission names
 * of the catalogue in permissions.ts; a user's permissions are the union of their roles'. A group role is a named set of
 * group permissions; a user holds group roles per group, and they apply to that group and its descendants.
 */

export const roleMessages = {
  required: 'Required',
  unknownPermission: 'Not a permission name',
  unknownGroupPermission: 'Not a group permission',
  unknownRole: 'No such role',
  unknownGroupRole: 'No such group role',
  roleNameTaken: (name: string) => `A role named "${name}" already exists.`,
  groupRoleNameTaken: (name: string) => `A group role named "${name}" already exists.`,
  builtInRole: (name: string) => `The built-in role "${name}" cannot be changed or deleted: it is restored at every start.`,
  lastAdministrator: 'At least one user must keep the Administrator role.',
  userNotFound: 'No user has this username.',
  groupNotVisibleToUser: 'The user is not a member of this group or of a group above it.',
  /** The generic delete dialog (spec 02, section 8). */
  deleteNotFound: 'Item could not be found',
  deleteFailed: 'An error occurred while trying to perform the deletion',
} as const;

/** The group permissions every installation has (seeded at start-up; GET /api/v2/group-permissions). */
export const groupPermissionCatalogue = [
  { id: 'group_controllers_view', description: 'View the Syrx controllers of the group and its sub-groups' },
  { id: 'group_controllers_manage', description: 'Manage the Syrx controllers of the group and its sub-groups, as pcs_admin does' },
  { id: 'group_data_view', description: 'View the point data of the group' },
  { id: 'group_data_upload', description: 'Upload point data for the group' },
  { id: 'group_accounts_manage', description: 'Manage the building meter accounts of the group' },
  { id: 'group_projects_manage', description: 'Manage the projects of the group' },
  { id: 'group_users_manage', description: 'Manage the users of the group' },
] as const;
export type GroupPermissionId = (typeof groupPermissionCatalogue)[number]['id'];

/** The short names people read for the group permissions (their keys in a tooltip, the description beside them). */
export const groupPermissionNames: Readonly<Record<GroupPermissionId, string>> = {
  group_controllers_view: 'View the group’s Syrx controllers',
  group_controllers_manage: 'Manage the group’s Syrx controllers',
  group_data_view: 'View group data',
  group_data_upload: 'Upload group data',
  group_accounts_manage: 'Manage the group’s building meter accounts',
  group_projects_manage: 'Manage the group’s projects',
  group_users_manage: 'Manage the group’s users',
};

/** A group permission's name for people; one the catalogue does not know is shown as its key. */
export const groupPermissionName = (id: string): string => nameIn(groupPermissionNames, id);

const name = z.string().trim().min(1, roleMessages.required).max(100, 'At most 100 characters');
const id = dbIdSchema;
const permissionName = z.string().refine((p) => (allPermissions as readonly string[]).includes(p), roleMessages.unknownPermission);

export const roleSchema = z.object({
  ...idNameShape,
  /** Permission names (spec 02, section 6). */
  permissions: z.array(z.string()),
  /** Administrator and Organization administrator: restored at every start, so they cannot be changed here. */
  built_in: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

/** POST /roles and PUT /roles/{id}: a name (required, unique) and permission names of the catalogue. */
export const roleInputSchema = z.object({
  name,
  permissions: z.array(permissionName).max(200).optional(),
});
export type RoleInput = z.input<typeof roleInputSchema>;

/** GET and PUT /roles/{id}/permissions: the role's permission names. */
export const rolePermissionsSchema = z.array(z.string());
export const rolePermissionsInputSchema = z.array(permissionName).max(200);

export const groupPermissionSchema = z.object({ id: z.string(), description: z.string() });
export type GroupPermission = z.infer<typeof groupPermissionSchema>;

/** A group permission named by its id, or as GET returns it ({id, description}): what was read can be sent back. */
export const groupPermissionRefSchema = z.union([z.string().min(1).max(100), z.object({ id: z.string().min(1).max(100) })]);
export const groupPermissionRefsSchema = z.array(groupPermissionRefSchema).max(100);

export const groupRoleSchema = z.object({
  ...idNameShape,
  description: z.string(),
  group_permissions: z.array(groupPermissionSchema),
});
export type GroupRole = z.infer<typeof groupRoleSchema>;

/** POST /group-roles and PUT /group-roles/{id}: name and description (both required); group permissions optional. */
export const groupRoleInputSchema = z.object({
  name,
  description: z.string().trim().min(1, roleMessages.required).max(500, 'At most 500 characters'),
  group_permissions: groupPermissionRefsSchema.optional(),
});
export type GroupRoleInput = z.input<typeof groupRoleInputSchema>;

/**
 * GET /roles and /group-roles: the newer base's grid query, as GET /jobs reads it: pageNum (from 1), pageSize (default
 * 20, at most 200), sort (sort=name:desc or sort[0][field]=…) and only non-empty filters (filter[0][field]=name&
 * filter[0][field_type]=string&filter[0][operator]=contains&filter[0][value]=admin). Default sort: name.
 */
export const rolesQuerySchema = jobsQuerySchema.omit({ includeChildren: true });
export type RolesQuery = z.infer<typeof rolesQuerySchema>;

export const sortableRoleFields = ['id', 'name'] as const;
/** `permissions` is the comma-separated list of the role's permission names (contains finds a role holding one). */
export const filterableRoleFields = { id: 'number', name: 'string', permissions: 'string' } as const;
export const sortableGroupRoleFields = ['id', 'name', 'description'] as const;
export const filterableGroupRoleFields = { id: 'number', name: 'string', description: 'string' } as const;

/** A user as the role screens list them. */
export const roleUserSchema = z.object({ id: z.number().int(), username: z.string(), first_name: z.string(), last_name: z.string() });
export type RoleUser = z.infer<typeof roleUserSchema>;

/** POST /roles/{id}/users: give the role to the user of this username (or e-mail). */
export const addRoleUserSchema = z.object({ username: z.string().trim().min(1, roleMessages.required).max(200) });

/** PUT /users/{id}/roles: the ids of every role the user holds afterwards. */
export const userRoleIdsSchema = z.array(id).max(100);

/** A user's group roles in one group (GET /users/{id}/group-roles lists one per group; PUT answers it). */
export const userGroupRolesSchema = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  group_roles: z.array(z.object(idNameShape)),
});
export type UserGroupRoles = z.infer<typeof userGroupRolesSchema>;

/** PUT /users/{id}/group-roles: the user's group roles in that group afterwards (an empty list removes them all). */
export const userGroupRolesInputSchema = z.object({ group_id: id, group_role_ids: z.array(id).max(100) });
export type UserGroupRolesInput = z.infer<typeof userGroupRolesInputSchema>;

/** One holder of a group role: a user in a group (GET /group-roles/{id}/users). */
export const groupRoleHolderSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  group_id: z.number().int(),
  group_name: z.string(),
});
export type GroupRoleHolder = z.infer<typeof groupRoleHolderSchema>;

/** POST /group-roles/{id}/users: give the group role to a user (by username or e-mail) in a group. */
export const addGroupRoleHolderSchema = z.object({ username: addRoleUserSchema.shape.username, group_id: id });
export type AddGroupRoleHolder = z.infer<typeof addGroupRoleHolderSchema>;
