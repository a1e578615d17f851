import { type SQL, sql } from 'drizzle-orm';
import type { GroupPermissionId } from '@syrx/contracts/roles';

/** Where a user holds each group permission through group roles: permission id → the groups (descendants included). */
export type GroupGrants = ReadonlyMap<string, ReadonlySet<number>>;

/**
 * The recursive CTE `granted(group_id, permission)`: where a user holds each group permission through group roles,
 * the groups below included; cheap for the many users who hold no group role (the first step finds nothing). Goes
 * after `with recursive`; `userId` is an SQL expression.
 */
export const grantedGroups = (userId: SQL): SQL => sql`granted(group_id, permission) as (
  select ugr.group_id, grp.group_permission_id from user_group_roles ugr
  join group_role_permissions grp on grp.group_role_id = ugr.group_role_id
  where ugr.user_id = ${userId}
  union
  select g.id, granted.permission from groups g join granted on g.parent_id = granted.group_id)`;

/** True when the grants give this group permission in this group (directly or through a group above it). */
export function grantsIn(grants: GroupGrants | undefined, permission: GroupPermissionId, groupId: number | null): boolean {
  return groupId !== null && (grants?.get(permission)?.has(groupId) ?? false);
}

/** True when the grants give this group permission in some group. */
export function grantsAnywhere(grants: GroupGrants | undefined, permission: GroupPermissionId): boolean {
  return (grants?.get(permission)?.size ?? 0) > 0;
}
