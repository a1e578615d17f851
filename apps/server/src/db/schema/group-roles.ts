import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { users } from './users.ts';
import { belongsTo, identityId } from './columns.ts';

/**
 * Group permissions: what a user may do within a group (and its descendants) through a group role, as opposed to the
 * platform-wide permissions of roles. The catalogue is seeded (ids are stable names, e.g. 'group_controllers_manage').
 */
export const groupPermissions = pgTable('group_permissions', {
  id: text('id').primaryKey(),
  description: text('description').notNull(),
});

/** A named set of group permissions. */
export const groupRoles = pgTable('group_roles', {
  id: identityId(),
  name: text('name').notNull().unique('group_roles_name_key'),
  description: text('description').notNull(),
});

export const groupRolePermissions = pgTable(
  'group_role_permissions',
  {
    groupRoleId: belongsTo('group_role_id', () => groupRoles.id),
    groupPermissionId: text('group_permission_id').notNull().references(() => groupPermissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupRoleId, t.groupPermissionId] })],
);

/** A user's group roles in a group (they apply to the group and its descendants). */
export const userGroupRoles = pgTable(
  'user_group_roles',
  {
    userId: belongsTo('user_id', () => users.id),
    groupId: belongsTo('group_id', () => groups.id),
    groupRoleId: belongsTo('group_role_id', () => groupRoles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId, t.groupRoleId] })],
);
