import type { GroupPermissionId } from '@syrx/contracts/roles';
import type { GroupGrants } from '../../security/actor.ts';

/** True when the grants give this group permission in this group (directly or through a group above it). */
export function grantsIn(grants: GroupGrants | undefined, permission: GroupPermissionId, groupId: number | null): boolean {
  return groupId !== null && (grants?.get(permission)?.has(groupId) ?? false);
}

/** True when the grants give this group permission in some group. */
export function grantsAnywhere(grants: GroupGrants | undefined, permission: GroupPermissionId): boolean {
  return (grants?.get(permission)?.size ?? 0) > 0;
}
