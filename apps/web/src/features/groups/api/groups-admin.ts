import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupCreate, GroupDetail, GroupUpdate } from '@syrx/contracts/groups';
import { groupsRoutes } from '@syrx/contracts/routes/groups';
import { ApiError, callRoute } from '../../../lib/api-client';
import { groupTreeKey } from '../../../lib/group-tree';
import { reloadSession } from '../../../lib/session';

/** Group administration's queries live under the tree's key: a change of groups loads them all again. */
export const groupAdminKeys = {
  detail: (id: number) => [groupTreeKey, 'admin', id] as const,
  members: (id: number) => [groupTreeKey, 'admin', id, 'members'] as const,
  candidates: (id: number, q: string) => [groupTreeKey, 'admin', id, 'candidates', q] as const,
  controllers: (id: number) => [groupTreeKey, 'admin', id, 'controllers'] as const,
};

/** GET /api/v2/groups/{id}: the group, or null when there is none or the user does not see it (404). */
export function useGroupDetail(id: number) {
  return useQuery({
    queryKey: groupAdminKeys.detail(id),
    queryFn: async (): Promise<GroupDetail | null> => {
      try {
        return await callRoute(groupsRoutes.get, { params: { id } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/**
 * After a change the tree and every group page load again, and so does the session: the current group's name may have
 * changed.
 */
function useAfterGroupChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: [groupTreeKey] });
    await reloadSession(queryClient).catch(() => undefined);
  };
}

/** POST /api/v2/groups: a subgroup. */
export function useCreateGroup() {
  const afterChange = useAfterGroupChange();
  return useMutation({ mutationFn: (body: GroupCreate) => callRoute(groupsRoutes.create, { body }), onSuccess: afterChange });
}

/** PUT /api/v2/groups/{id}: rename, move, the two-factor requirement. */
export function useUpdateGroup(id: number) {
  const afterChange = useAfterGroupChange();
  return useMutation({ mutationFn: (body: GroupUpdate) => callRoute(groupsRoutes.update, { params: { id }, body }), onSuccess: afterChange });
}

/** DELETE /api/v2/groups/{id}: refused with 409 while anything hangs on the group. */
export function useDeleteGroup(id: number) {
  const queryClient = useQueryClient();
  const afterChange = useAfterGroupChange();
  return useMutation({
    mutationFn: () => callRoute(groupsRoutes.remove, { params: { id } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: groupAdminKeys.detail(id) });
      await afterChange();
    },
  });
}
