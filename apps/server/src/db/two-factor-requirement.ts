import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether a user must still set up two-factor sign-in: a group they belong to, or one above it, requires it
 * (groups.require_two_factor) and they have not turned it on. Needs the CTE below after `with recursive`; the walk up
 * the tree only runs for users without two-factor sign-in. Here, below the modules, because the users module's actor
 * query reads the groups module's tables with it (as with granted-groups.ts).
 */
export const memberGroupsAndAncestors = (userId: SQL): SQL => sql`member_groups_up(id, parent_id, required) as (
  select g.id, g.parent_id, g.require_two_factor from groups g
  join group_memberships m on m.group_id = g.id where m.user_id = ${userId}
  union
  select g.id, g.parent_id, g.require_two_factor from groups g join member_groups_up a on g.id = a.parent_id)`;

/** A boolean expression over `memberGroupsAndAncestors` (true: the setup is required). */
export const twoFactorSetupRequired = (userId: SQL): SQL => sql`case
  when (select totp_enabled_at from users where id = ${userId}) is not null then false
  else exists (select 1 from member_groups_up where required) end`;
