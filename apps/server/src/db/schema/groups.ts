import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Organizations and their sub-groups, a tree by parent_id. */
export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => groups.id, { onDelete: 'restrict' }),
    /** Members of this group (and its descendants) must sign in with a second factor. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('groups_parent_id_idx').on(t.parentId)],
);

/** Which groups a user belongs to; a member sees the group and all its descendants. */
export const groupMemberships = pgTable(
  'group_memberships',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
    isGroupAdmin: boolean('is_group_admin').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('group_memberships_group_id_idx').on(t.groupId)],
);
