import { type SQL, sql } from 'drizzle-orm';

/**
 * The recursive CTE `granted(group_id, permission)`: where a user holds each group permission through group roles,
 * the groups below included; cheap for the many users who hold no group role (the first step finds nothing). Goes
 * after `with recursive`; `userId` is an SQL expression. Here, below the modules, because the users module's actor
 * query reads the roles module's tables with it (a repository imports no service).
 */
export const grantedGroups = (userId: SQL): SQL => sql`granted(group_id, permission) as (
  select ugr.group_id, grp.group_permission_id from user_group_roles ugr
  join group_role_permissions grp on grp.group_role_id = ugr.group_role_id
  where ugr.user_id = ${userId}
  union
  select g.id, granted.permission from groups g join granted on g.parent_id = granted.group_id)`;
