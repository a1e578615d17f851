import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersAdminRoutes } from '@syrx/contracts/routes/users';
import type { InviteUser, UpdateUser, UserDetail } from '@syrx/contracts/users';
import { ApiError, callRoute } from '../../../lib/api-client';
import { type GridQuery, gridQueryParams } from '../../../lib/grid-query';
import { reloadSession } from '../../../lib/session';

export const userKeys = {
  all: ['users'] as const,
  page: (q: GridQuery) => ['users', 'page', q] as const,
  detail: (id: number) => ['users', id] as const,
  roleOptions: ['users', 'role-options'] as const,
};

/** GET /api/v2/users: one page of the users grid. */
export const usersPageQuery = (q: GridQuery) =>
  queryOptions({ queryKey: userKeys.page(q), queryFn: () => callRoute(usersAdminRoutes.list, { query: gridQueryParams(q) }), placeholderData: keepPreviousData });

/** GET /api/v2/users/{id}: the user, or null when there is none the reader sees (404). */
export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: async (): Promise<UserDetail | null> => {
      try {
        return await callRoute(usersAdminRoutes.get, { params: { id } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** GET /api/v2/users/role-options: the roles and group roles the forms offer. */
export function useRoleOptions() {
  return useQuery({ queryKey: userKeys.roleOptions, queryFn: () => callRoute(usersAdminRoutes.roleOptions), staleTime: 60_000 });
}

/** After a change the grid and the user load again, and the session too (the signed-in user may be the one changed). */
function useAfterUserChange() {
  const queryClient = useQueryClient();
  return async (user: UserDetail) => {
    queryClient.setQueryData(userKeys.detail(user.id), user);
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
    await reloadSession(queryClient).catch(() => undefined);
  };
}

/** POST /api/v2/users: invites a user (the server mails the link). */
export function useInviteUser() {
  const afterChange = useAfterUserChange();
  return useMutation({ mutationFn: (body: InviteUser) => callRoute(usersAdminRoutes.invite, { body }), onSuccess: afterChange });
}

/** PUT /api/v2/users/{id}. */
export function useSaveUser(id: number) {
  const afterChange = useAfterUserChange();
  return useMutation({ mutationFn: (body: UpdateUser) => callRoute(usersAdminRoutes.update, { params: { id }, body }), onSuccess: afterChange });
}

export type UserAction = 'deactivate' | 'activate' | 'resendInvitation';

/** POST /api/v2/users/{id}/deactivate, /activate or /resend-invitation. */
export function useUserAction(id: number, action: UserAction) {
  const afterChange = useAfterUserChange();
  return useMutation({ mutationFn: () => callRoute(usersAdminRoutes[action], { params: { id } }), onSuccess: afterChange });
}
