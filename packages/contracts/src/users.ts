import { z } from 'zod';
import { idNameShape, userIdentityShape } from './fields.ts';
import { groupRefSchema } from './groups.ts';
import { dbIdSchema } from './ids.ts';
import { registrationRequestSchema } from './registration.ts';
import { rolesQuerySchema, userGroupRolesInputSchema, userGroupRolesSchema } from './roles.ts';

/**
 * Users as administrators manage them (users_manage; spec 02 sections 6-7, issue 21): the grid, inviting a colleague,
 * their names, groups, roles and group roles, switching them off and on. Passwords are in passwords.ts.
 */

/** Deactivated: switched off by an administrator. Invited: has not chosen a password through the invitation yet. */
export const userStatuses = ['active', 'invited', 'deactivated'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const userStatusLabels: Record<UserStatus, string> = { active: 'Active', invited: 'Invited', deactivated: 'Deactivated' };

export const userMessages = {
  required: 'Required',
  groupsRequired: 'Choose at least one group',
  unknownGroup: 'No such group',
  emailTaken: 'A user with this e-mail address already exists.',
  deactivateSelf: 'You cannot deactivate your own account.',
  lastUserManager: 'This is the last active user who can manage users (users_manage). Give that permission to another active user first.',
  notInvited: 'This user has already chosen a password: there is no invitation to send again.',
  invitedDeactivated: 'This user is deactivated. Activate them before sending the invitation again.',
  /** Sign-in, password links and the session of a deactivated user. */
  deactivated: 'This account has been deactivated. Ask your administrator to reactivate it.',
} as const;

const refSchema = z.object(idNameShape);
export type NamedRef = z.infer<typeof refSchema>;

/** A row of the users grid (GET /api/v2/users): groups are those the reader sees. Times are ISO text. */
export const userSummarySchema = z.object({
  ...userIdentityShape,
  status: z.enum(userStatuses),
  groups: z.array(groupRefSchema),
  roles: z.array(refSchema),
  last_sign_in_at: z.string().nullable(),
  invited_at: z.string().nullable(),
  deactivated_at: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** GET /api/v2/users/{id}: the row and the user's group roles in the groups the reader sees. */
export const userDetailSchema = userSummarySchema.extend({ group_roles: z.array(userGroupRolesSchema) });
export type UserDetail = z.infer<typeof userDetailSchema>;

const nameSchema = z.string().trim().min(1, userMessages.required).max(200, 'At most 200 characters');
const groupIdsSchema = z.array(dbIdSchema).min(1, userMessages.groupsRequired).max(50);
const roleIdsSchema = z.array(dbIdSchema).max(100);

/** POST /api/v2/users: invites a colleague into groups the inviter sees; the e-mail becomes their username. */
export const inviteUserSchema = z.object({
  email: registrationRequestSchema.shape.email,
  first_name: nameSchema,
  last_name: nameSchema,
  group_ids: groupIdsSchema,
  role_ids: roleIdsSchema.optional(),
});
export type InviteUser = z.infer<typeof inviteUserSchema>;

/**
 * PUT /api/v2/users/{id}: names and the groups (among those the editor sees) the user belongs to afterwards; when given,
 * every role the user holds afterwards, and their group roles per group (a group the editor sees that is not listed
 * loses its group roles).
 */
export const updateUserSchema = z.object({
  first_name: nameSchema,
  last_name: nameSchema,
  group_ids: groupIdsSchema,
  role_ids: roleIdsSchema.optional(),
  group_roles: z.array(userGroupRolesInputSchema).max(50).optional(),
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

/** GET /api/v2/users/role-options: what the user editor offers (roles and group roles, ids and names). */
export const userRoleOptionsSchema = z.object({ roles: z.array(refSchema), group_roles: z.array(refSchema) });
export type UserRoleOptions = z.infer<typeof userRoleOptionsSchema>;

/** GET /api/v2/users: the newer base's grid query (pageNum, pageSize, sort, filter), as for roles. Default sort: name. */
export const usersQuerySchema = rolesQuerySchema;
export type UsersQuery = z.infer<typeof usersQuerySchema>;
export const sortableUserFields = ['id', 'name', 'email', 'status', 'last_sign_in_at'] as const;
/** `name` is "first last"; `groups` and `roles` the comma-separated names (contains finds a member or holder). */
export const filterableUserFields = {
  id: 'number', name: 'string', email: 'string', status: 'string', groups: 'string', roles: 'string', last_sign_in_at: 'date',
} as const;
