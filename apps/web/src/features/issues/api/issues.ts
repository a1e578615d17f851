import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Sort } from '@syrx/contracts/grid';
import type { IssueCreate, IssueKind, IssueLinkInput, IssuesFilter, IssueUpdate } from '@syrx/contracts/issues';
import { controllersRoutes } from '@syrx/contracts/routes/controllers';
import { issuesRoutes, tasksRoutes } from '@syrx/contracts/routes/issues';
import { projectsRoutes } from '@syrx/contracts/routes/projects';
import { callRoute, routeUrl } from '../../../lib/api-client';
import { sortParam } from '../../../lib/grid-query';

/** The routes of one kind's log (issues or tasks: the same routes at their own base). */
export const routesOf = (kind: IssueKind) => (kind === 'issue' ? issuesRoutes : tasksRoutes);
const keys = {
  all: (kind: IssueKind) => ['issues', kind] as const,
  one: (kind: IssueKind, id: number) => ['issues', kind, 'one', id] as const,
};

/** The filters the grid sends (the wire's, with `open` as the flag it is on the wire). */
export type IssueFilters = Omit<IssuesFilter, 'open'> & { open?: 'true' | 'false' };

/** GET /api/v2/{issues|tasks}: one page of the filter, sorted. */
export function useIssuesPage(kind: IssueKind, paging: { current: number; pageSize: number }, sort: readonly Sort[], filters: IssueFilters) {
  const query = { pageNum: paging.current, pageSize: paging.pageSize, sort: sortParam(sort), ...filters };
  return useQuery({
    queryKey: [...keys.all(kind), 'page', query],
    queryFn: () => callRoute(routesOf(kind).list, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Where the browser downloads the filter's entries as CSV. */
export const issuesCsvUrl = (kind: IssueKind, filters: IssueFilters) => routeUrl(routesOf(kind).csv, { query: filters });

export const useIssue = (kind: IssueKind, id: number) =>
  useQuery({ queryKey: keys.one(kind, id), queryFn: () => callRoute(routesOf(kind).get, { params: { id } }) });

/** The kind's statuses, priorities and types for the selects. */
export const useFieldChoices = (kind: IssueKind) =>
  useQuery({ queryKey: [...keys.all(kind), 'choices'], queryFn: () => callRoute(routesOf(kind).choices), staleTime: 60_000 });

export const useAssignees = (kind: IssueKind) =>
  useQuery({ queryKey: [...keys.all(kind), 'assignees'], queryFn: () => callRoute(routesOf(kind).assignees), staleTime: 60_000 });

/** The current group's controllers and projects, either of which an entry belongs to. */
export function useOwners(groupId: number | undefined) {
  const controllers = useQuery({
    queryKey: ['issues', 'owners', 'controllers', groupId ?? 0],
    queryFn: () => callRoute(controllersRoutes.list, { query: { root_group_id: groupId, skip: 0, take: 500, sort: 'name:asc' } }),
    enabled: groupId !== undefined,
  });
  const projects = useQuery({
    queryKey: ['issues', 'owners', 'projects', groupId ?? 0],
    queryFn: () => callRoute(projectsRoutes.list, { params: { groupId: groupId ?? 0 }, query: { skip: 0, take: 500, sort: 'name:asc' } }),
    enabled: groupId !== undefined,
  });
  return { controllers: controllers.data ?? [], projects: projects.data?.items ?? [] };
}

export function useCreateIssue(kind: IssueKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueCreate) => callRoute(routesOf(kind).create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all(kind) }),
  });
}

/** PATCH, then the entry, its history and the grids load again. */
export function useUpdateIssue(kind: IssueKind, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueUpdate) => callRoute(routesOf(kind).update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all(kind) }),
  });
}

export const useComments = (kind: IssueKind, id: number) =>
  useQuery({ queryKey: [...keys.one(kind, id), 'comments'], queryFn: () => callRoute(routesOf(kind).comments, { params: { id } }) });
export const useHistory = (kind: IssueKind, id: number) =>
  useQuery({ queryKey: [...keys.one(kind, id), 'history'], queryFn: () => callRoute(routesOf(kind).history, { params: { id } }) });
export const useLinks = (kind: IssueKind, id: number) =>
  useQuery({ queryKey: [...keys.one(kind, id), 'links'], queryFn: () => callRoute(routesOf(kind).links, { params: { id } }) });

/** Adds a comment, adds or removes a link; the entry's reads load again. */
export function useIssueChanges(kind: IssueKind, id: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: keys.one(kind, id) });
  return {
    comment: useMutation({ mutationFn: (body: string) => callRoute(routesOf(kind).addComment, { params: { id }, body: { body } }), onSuccess }),
    link: useMutation({ mutationFn: (body: IssueLinkInput) => callRoute(routesOf(kind).addLink, { params: { id }, body }), onSuccess }),
    unlink: useMutation({ mutationFn: (linkId: number) => callRoute(routesOf(kind).removeLink, { params: { id, linkId } }), onSuccess }),
  };
}
