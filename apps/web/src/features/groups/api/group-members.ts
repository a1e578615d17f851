import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsRoutes } from '@syrx/contracts/routes/accounts';
import { groupsRoutes } from '@syrx/contracts/routes/groups';
import { callRoute } from '../../../lib/api-client';
import { groupAdminKeys } from './groups-admin';

/** GET /api/v2/groups/{id}/members: the group's direct members. */
export function useGroupMembers(id: number) {
  return useQuery({ queryKey: groupAdminKeys.members(id), queryFn: () => callRoute(groupsRoutes.members, { params: { id } }) });
}

/** PUT /api/v2/groups/{id}/members: makes exactly these users the direct members. */
export function useSetGroupMembers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: number[]) => callRoute(groupsRoutes.setMembers, { params: { id }, body: { user_ids: userIds } }),
    onSuccess: async (members) => {
      queryClient.setQueryData(groupAdminKeys.members(id), members);
      await queryClient.invalidateQueries({ queryKey: groupAdminKeys.detail(id), exact: true });
      await queryClient.invalidateQueries({ queryKey: [...groupAdminKeys.detail(id), 'candidates'] });
    },
  });
}

/** GET /api/v2/groups/{id}/member-candidates?q=: users the signed-in user sees who are not members yet. */
export function useMemberCandidates(id: number, q: string, enabled: boolean) {
  return useQuery({
    queryKey: groupAdminKeys.candidates(id, q),
    queryFn: () => callRoute(groupsRoutes.memberCandidates, { params: { id }, query: { q } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v2/groups/{id}/controllers: the group's own Syrx controllers. */
export function useGroupControllers(id: number) {
  return useQuery({ queryKey: groupAdminKeys.controllers(id), queryFn: () => callRoute(groupsRoutes.controllers, { params: { id } }) });
}

/** GET /api/v2/accounts/for-group/{groupId}: the group's building meter accounts. */
export function useGroupAccountList(id: number) {
  return useQuery({ queryKey: [...groupAdminKeys.detail(id), 'accounts'], queryFn: () => callRoute(accountsRoutes.forGroup, { params: { groupId: id } }) });
}
