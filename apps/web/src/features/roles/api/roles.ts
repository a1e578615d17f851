import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role, RoleInput } from '@syrx/contracts/roles';
import { rolesRoutes } from '@syrx/contracts/routes/roles';
import { ApiError, callRoute } from '../../../lib/api-client';
import { reloadSession } from '../../../lib/session';
import { type GridQuery, type GridQueryParams, gridQueryParams } from '../../../lib/grid-query';

export const roleKeys = {
  all: ['roles'] as const,
  detail: (id: number) => ['roles', id] as const,
  users: (id: number) => ['roles', id, 'users'] as const,
};

/** A 404 is an answer here: the item does not exist (null). */
export async function nullWhenMissing<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The query key of a page of the roles' or the group roles' grid. */
export type GridPageKey = readonly [string, 'page', GridQuery];

/** One page of the roles' or the group roles' grid, asked by `fetchPage` with the grid's query. */
export const gridPageQuery = <T>(resource: 'roles' | 'group-roles', fetchPage: (query: GridQueryParams) => Promise<T>) => (q: GridQuery) =>
  queryOptions({
    queryKey: [resource, 'page', q] as GridPageKey,
    queryFn: () => fetchPage(gridQueryParams(q)),
    placeholderData: keepPreviousData,
  });

/** GET /api/v2/roles: one page of roles. */
export const rolesPageQuery = gridPageQuery('roles', (query) => callRoute(rolesRoutes.list, { query }));

/** GET /api/v2/roles/{id}: the role, or null when there is none (404). */
export function useRole(id: number) {
  return useQuery({ queryKey: roleKeys.detail(id), queryFn: () => nullWhenMissing(() => callRoute(rolesRoutes.get, { params: { id } })) });
}

/**
 * After a change of roles (or, with their key, of group roles) the lists load again, and so does the session: the
 * signed-in user may hold the role, and their menus follow their permissions.
 */
export function useAfterRoleChange(queryKey: readonly string[] = roleKeys.all) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey });
    // The change is saved: a session that could not be reloaded now is reloaded on the next page load.
    await reloadSession(queryClient).catch(() => undefined);
  };
}

/** POST /api/v2/roles (no id) or PUT /api/v2/roles/{id}. */
export function useSaveRole(id: number | null) {
  const afterChange = useAfterRoleChange();
  return useMutation({
    mutationFn: (input: RoleInput): Promise<Role> =>
      id === null ? callRoute(rolesRoutes.create, { body: input }) : callRoute(rolesRoutes.update, { params: { id }, body: input }),
    onSuccess: afterChange,
  });
}

/** DELETE /api/v2/roles/{id}. */
export function useDeleteRole(id: number) {
  const afterChange = useAfterRoleChange();
  return useMutation({ mutationFn: () => callRoute(rolesRoutes.remove, { params: { id } }), onSuccess: afterChange });
}

/** GET /api/v2/roles/{id}/users: who holds the role. */
export function useRoleUsers(id: number) {
  return useQuery({ queryKey: roleKeys.users(id), queryFn: () => callRoute(rolesRoutes.users, { params: { id } }) });
}

/** POST /api/v2/roles/{id}/users (by username) and DELETE /api/v2/roles/{id}/users/{userId}. */
export function useRoleUserChanges(id: number) {
  const afterChange = useAfterRoleChange();
  const add = useMutation({
    mutationFn: (username: string) => callRoute(rolesRoutes.addUser, { params: { id }, body: { username } }),
    onSuccess: afterChange,
  });
  const remove = useMutation({
    mutationFn: (userId: number) => callRoute(rolesRoutes.removeUser, { params: { id, userId } }),
    onSuccess: afterChange,
  });
  return { add, remove };
}
