import type { GroupPermissionId } from '@syrx/contracts/roles';
import type { DbOrTx } from '../../db/client.ts';
import { groupRolesRepo } from './group-roles.repo.ts';

/** Where a user holds each group permission through group roles: permission id → the groups (descendants included). */
export type GroupGrants = ReadonlyMap<string, ReadonlySet<number>>;

/** The group permissions a user holds and where (read for every request, so a change applies at once). */
export async function groupGrantsOf(db: DbOrTx, userId: number): Promise<GroupGrants> {
  const rows = await groupRolesRepo.grantsOfUser(db, userId);
  return new Map(rows.map((r) => [r.permission, new Set(r.group_ids.map(Number))]));
}

/** True when the grants give this group permission in this group (directly or through a group above it). */
export function grantsIn(grants: GroupGrants | undefined, permission: GroupPermissionId, groupId: number | null): boolean {
  return groupId !== null && (grants?.get(permission)?.has(groupId) ?? false);
}

/** True when the grants give this group permission in some group. */
export function grantsAnywhere(grants: GroupGrants | undefined, permission: GroupPermissionId): boolean {
  return (grants?.get(permission)?.size ?? 0) > 0;
}
