import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { componentsRoutes } from '@syrx/contracts/routes/components';
import { callRoute } from '../../../lib/api-client';

export const componentKeys = {
  scheduleTree: ['components', 'schedule-tree'] as const,
  descendants: (id: number) => ['components', id, 'descendents'] as const,
  typeahead: (text: string) => ['components', 'typeahead', text] as const,
};

/** GET /api/v2/components/schedule-tree: the schedule types with their subtrees (the taxonomy changes rarely). */
export const useScheduleTree = () =>
  useQuery({ queryKey: componentKeys.scheduleTree, queryFn: () => callRoute(componentsRoutes.scheduleTree), staleTime: 10 * 60_000 });

/** GET /api/v2/components/{id}/descendents; nothing is asked without a component. */
export const useDescendants = (id: number | null) =>
  useQuery({
    queryKey: componentKeys.descendants(id ?? 0),
    queryFn: () => callRoute(componentsRoutes.descendants, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    staleTime: 10 * 60_000,
  });

/** GET /api/v2/components/typeahead/{text}: at most five matches; nothing is asked for blank text. */
export function useComponentTypeahead(text: string) {
  const typed = text.trim();
  return useQuery({
    queryKey: componentKeys.typeahead(typed.toLowerCase()),
    queryFn: () => callRoute(componentsRoutes.typeahead, { params: { text: typed } }),
    enabled: typed !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
