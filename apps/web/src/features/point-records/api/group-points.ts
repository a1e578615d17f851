import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { groupDataRoutes } from '@syrx/contracts/routes/point-data';
import { callRoute } from '../../../lib/api-client';

/** The group points a picker page shows. */
export const groupPointsPageSize = 20;

/** GET /api/v2/groups/{groupId}/group-points: a page of the group's points by name (those whose name holds `search`). */
export const groupPointsQueryOptions = (groupId: number, page: number, search: string) =>
  queryOptions({
    queryKey: ['group-points', groupId, page, search],
    queryFn: () => callRoute(groupDataRoutes.points, {
      params: { groupId },
      query: { skip: page * groupPointsPageSize, take: groupPointsPageSize, ...(search ? { search } : {}) },
    }),
  });

export const useGroupPoints = (groupId: number | undefined, page: number, search: string) =>
  useQuery({ ...groupPointsQueryOptions(groupId ?? 0, page, search), enabled: groupId !== undefined, placeholderData: keepPreviousData });
