import { useMutation, useQuery } from '@tanstack/react-query';
import type { GroupRole, GroupRoleInput } from '@syrx/contracts/roles';
import { groupRolesRoutes } from '@syrx/contracts/routes/roles';
import { callRoute } from '../../../lib/api-client';
import { gridPageQuery, nullWhenMissing, useAfterRoleChange } from './roles';

export const groupRoleKeys = {
  all: ['group-roles'] as const,
  detail: (id: number) => ['group-roles', id] as const,
  permissions: (id: number) => ['group-roles', id, 'group-permissions'] as const,
  holders: (id: number) => ['group-roles', id, 'users'] as const,
};

/** GET /api/v2/group-permissions: the catalogue the group role forms offer. */
export function useGroupPermissionCatalogue() {
  return useQuery({ queryKey: ['group-permissions'], queryFn: () => callRoute(groupRolesRoutes.catalogue), staleTime: Infinity });
}

/** GET /api/v2/group-roles: one page of group roles. */
export const groupRolesPageQuery = gridPageQuery('group-roles', (query) => callRoute(groupRolesRoutes.list, { query }));

/** GET /api/v2/group-roles/{id}: the group role, or null when there is none (404). */
export function useGroupRole(id: number) {
  return useQuery({ queryKey: groupRoleKeys.detail(id), queryFn: () => nullWhenMissing(() => callRoute(groupRolesRoutes.get, { params: { id } })) });
}

/** GET /api/v2/group-roles/{id}/group-permissions: its group permissions, or null when the group role is gone (404). */
export function useGroupRolePermissions(id: number) {
  return useQuery({
    queryKey: groupRoleKeys.permissions(id),
    queryFn: () => nullWhenMissing(() => callRoute(groupRolesRoutes.groupPermissions, { params: { id } })),
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
      if (id === null) return callRoute(groupRolesRoutes.create, { body: { ...input, group_permissions: permissions } });
      const saved = await callRoute(groupRolesRoutes.update, { params: { id }, body: input });
      const ids = permissions.map((p) => (typeof p === 'string' ? p : p.id));
      const groupPermissions = await callRoute(groupRolesRoutes.setGroupPermissions, { params: { id }, body: ids });
      return { ...saved, group_permissions: groupPermissions };
    },
    onSuccess: afterChange,
  });
}

/** DELETE /api/v2/group-roles/{id}. */
export function useDeleteGroupRole(id: number) {
  const afterChange = useAfterRoleChange(groupRoleKeys.all);
  return useMutation({ mutationFn: () => callRoute(groupRolesRoutes.remove, { params: { id } }), onSuccess: afterChange });
}

/** GET /api/v2/group-roles/{id}/users: who holds the group role in which group. */
export function useGroupRoleHolders(id: number) {
  return useQuery({ queryKey: groupRoleKeys.holders(id), queryFn: () => callRoute(groupRolesRoutes.holders, { params: { id } }) });
}

/** POST /api/v2/group-roles/{id}/users and DELETE …/users/{userId}/groups/{groupId}. */
export function useGroupRoleHolderChanges(id: number) {
  const afterChange = useAfterRoleChange(groupRoleKeys.all);
  const add = useMutation({
    mutationFn: (holder: { username: string; group_id: number }) => callRoute(groupRolesRoutes.addHolder, { params: { id }, body: holder }),
    onSuccess: afterChange,
  });
  const remove = useMutation({
    mutationFn: ({ userId, groupId }: { userId: number; groupId: number }) =>
      callRoute(groupRolesRoutes.removeHolder, { params: { id, userId, groupId } }),
    onSuccess: afterChange,
  });
  return { add, remove };
}
