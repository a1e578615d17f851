import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { belongsTo, identityId, writtenAt } from './columns.ts';

/** Organizations and their sub-groups, a tree by parent_id. */
export const groups = pgTable(
  'groups',
  {
    id: identityId(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => groups.id, { onDelete: 'restrict' }),
    /** Members of this group (and its descendants) must sign in with a second factor. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    createdAt: writtenAt('created_at'),
  },
  (t) => [index('groups_parent_id_idx').on(t.parentId)],
);

/** The key of a group's record (contacts, projects, equipment…) and the group it belongs to, deleted with the group. */
export function groupRecordKey() {
  return { id: identityId(), groupId: belongsTo('group_id', () => groups.id) };
}

/** Which groups a user belongs to; a member sees the group and all its descendants. */
export const groupMemberships = pgTable(
  'group_memberships',
  {
    userId: belongsTo('user_id', () => users.id),
    groupId: belongsTo('group_id', () => groups.id),
    isGroupAdmin: boolean('is_group_admin').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('group_memberships_group_id_idx').on(t.groupId)],
);
