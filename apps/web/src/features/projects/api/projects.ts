import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sort } from '@syrx/contracts/grid';
import type { Project, ProjectCreate, ProjectUpdate } from '@syrx/contracts/projects';
import { contactsRoutes } from '@syrx/contracts/routes/contacts';
import { projectsRoutes } from '@syrx/contracts/routes/projects';
import { callRoute } from '../../../lib/api-client';
import { useDeleteById } from '../../../lib/delete-by-id';
import { skipTake, sortParam } from '../../../lib/grid-query';

export const projectKeys = {
  all: ['projects'] as const,
  page: (groupId: number, q: object) => ['projects', 'group', groupId, q] as const,
  one: (id: number) => ['projects', 'project', id] as const,
};

/** GET /api/v2/groups/{groupId}/projects: one page, sorted. */
export function useProjectsPage(groupId: number | undefined, paging: { current: number; pageSize: number }, sort: readonly Sort[]) {
  const query = { ...skipTake(paging), sort: sortParam(sort) };
  return useQuery({
    queryKey: projectKeys.page(groupId ?? 0, query),
    queryFn: () => callRoute(projectsRoutes.list, { params: { groupId: groupId ?? 0 }, query }),
    enabled: groupId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v2/projects/{id}; nothing is asked for a new project (`id` null). */
export const useProject = (id: number | null) =>
  useQuery({ queryKey: projectKeys.one(id ?? 0), queryFn: () => callRoute(projectsRoutes.get, { params: { id: id ?? 0 } }), enabled: id !== null });

/**
 * GET /api/v2/groups/{groupId}/contacts: the people a project can name. The key is the contacts screen's, so a change
 * of contacts there refreshes these selects.
 */
export const useGroupPeople = (groupId: number | undefined) =>
  useQuery({ queryKey: ['contacts', 'group', groupId ?? 0], queryFn: () => callRoute(contactsRoutes.forGroup, { params: { groupId: groupId ?? 0 } }), enabled: groupId !== undefined });

/** POST /api/v2/projects (a new project), or PUT /api/v2/projects/{id}. */
export function useSaveProject(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectCreate | ProjectUpdate): Promise<Project> =>
      id === null ? callRoute(projectsRoutes.create, { body }) : callRoute(projectsRoutes.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** DELETE /api/v2/projects/{id} (204). */
export const useDeleteProject = () => useDeleteById((id) => callRoute(projectsRoutes.remove, { params: { id } }), projectKeys);
