import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { groupChildrenSchema } from '@syrx/contracts/groups';
import { type GroupRole, type GroupRoleInput, groupPermissionSchema, groupRoleHolderSchema, groupRoleSchema } from '@syrx/contracts/roles';
import { v2Api } from '../../../lib/api-client';
import { gridPageQuery, nullWhenMissing, useAfterRoleChange } from './roles';

export const groupRoleKeys = {
  all: ['group-roles'] as const,
  detail: (id: number) => ['group-roles', id] as const,
  permissions: (id: number) => ['group-roles', id, 'group-permissions'] as const,
  holders: (id: number) => ['group-roles', id, 'users'] as const,
};

/** GET /api/v2/group-permissions: the catalogue the group role forms offer. */
export function useGroupPermissionCatalogue() {
  return useQuery({ queryKey: ['group-permissions'], queryFn: () => v2Api('/group-permissions', { schema: z.array(groupPermissionSchema) }), staleTime: Infinity });
}

/** GET /api/v2/group-roles: one page of group roles. */
export const groupRolesPageQuery = gridPageQuery('group-roles', groupRoleSchema);

/** GET /api/v2/group-roles/{id}: the group role, or null when there is none (404). */
export function useGroupRole(id: number) {
  return useQuery({ queryKey: groupRoleKeys.detail(id), queryFn: () => nullWhenMissing(() => v2Api(`/group-roles/${id}`, { schema: groupRoleSchema })) });
}

/** GET /api/v2/group-roles/{id}/group-permissions: its group permissions, or null when the group role is gone (404). */
export function useGroupRolePermissions(id: number) {
  return useQuery({
    queryKey: groupRoleKeys.permissions(id),
    queryFn: () => nullWhenMissing(() => v2Api(`/group-roles/${id}/group-permissions`, { schema: z.array(groupPermissionSchema) })),
  });
}

/**
 * A new group role: POST /api/v2/group-roles with its group permissions. An existing one: PUT /api/v2/group-roles/{id}
 * (name and description), then PUT …/{id}/group-permissions.
 */
export function useSaveGroupRole(id: number | null) {
  const afterChange = useAfterRoleChange(groupRoleKeys.all);
  return useMutation({
    mutationFn: async ({ group_permissions: permissions = [], ...input }: GroupRoleInput): Promise<GroupRole> => {
      if (id === null) return v2Api('/group-roles', { method: 'POST', body: { ...input, group_permissions: permissions }, schema: groupRoleSchema });
      const saved = await v2Api(`/group-roles/${id}`, { method: 'PUT', body: input, schema: groupRoleSchema });
      const ids = permissions.map((p) => (typeof p === 'string' ? p : p.id));
      const groupPermissions = await v2Api(`/group-roles/${id}/group-permissions`, { method: 'PUT', body: ids, schema: z.array(groupPermissionSchema) });
      return { ...saved, group_permissions: groupPermissions };
    },
    onSuccess: afterChange,
  });
}

/** DELETE /api/v2/group-roles/{id}. */
export function useDeleteGroupRole(id: number) {
  const afterChange = useAfterRoleChange(groupRoleKeys.all);
  return useMutation({ mutationFn: () => v2Api(`/group-roles/${id}`, { method: 'DELETE', schema: z.undefined() }), onSuccess: afterChange });
}

/** GET /api/v2/group-roles/{id}/users: who holds the group role in which group. */
export function useGroupRoleHolders(id: number) {
  return useQuery({ queryKey: groupRoleKeys.holders(id), queryFn: () => v2Api(`/group-roles/${id}/users`, { schema: z.array(groupRoleHolderSchema) }) });
}

/** POST /api/v2/group-roles/{id}/users and DELETE …/users/{userId}/groups/{groupId}. */
export function useGroupRoleHolderChanges(id: number) {
  const afterChange = useAfterRoleChange(groupRoleKeys.all);
  const add = useMutation({
    mutationFn: (holder: { username: string; group_id: number }) => v2Api(`/group-roles/${id}/users`, { method: 'POST', body: holder, schema: z.array(groupRoleHolderSchema) }),
    onSuccess: afterChange,
  });
  const remove = useMutation({
    mutationFn: ({ userId, groupId }: { userId: number; groupId: number }) =>
      v2Api(`/group-roles/${id}/users/${userId}/groups/${groupId}`, { method: 'DELETE', schema: z.undefined() }),
    onSuccess: afterChange,
  });
  return { add, remove };
}

/** GET /api/v2/groups/getChildrenOf: a level of the group tree the holder form picks a group from. */
export const groupLevelQueryOptions = (id?: number) =>
  queryOptions({ queryKey: ['groups', 'children', id ?? 'roots'], queryFn: () => v2Api('/groups/getChildrenOf', { schema: groupChildrenSchema, query: { id } }) });
