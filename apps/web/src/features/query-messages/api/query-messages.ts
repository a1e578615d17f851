import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Sort } from '@syrx/contracts/grid';
import type { QueryMessageFilter } from '@syrx/contracts/query-messages';
import { queryMessagesRoutes } from '@syrx/contracts/routes/query-messages';
import { serviceIds } from '@syrx/contracts/services';
import { callRoute } from '../../../lib/api-client';
import { sortParam } from '../../../lib/grid-query';

export interface QueryMessagesQuery {
  controllerId: string;
  filter: QueryMessageFilter;
  skip: number;
  take: number;
  sort: readonly Sort[];
}

/** While a message may still change (the agent works it in the background), the grid asks again this often. */
export const queryMessagesRefreshMs = 5000;

const params = (controllerId: string) => ({ id: controllerId, queryServiceId: serviceIds.query });
const keys = { all: (controllerId: string) => ['query-messages', controllerId] as const };

/** GET …/services/{query service}/messages?filter&skip&take&sort: one page, newest first unless sorted. */
export const listQueryMessages = (q: QueryMessagesQuery) =>
  callRoute(queryMessagesRoutes.list, { params: params(q.controllerId), query: { filter: q.filter, skip: q.skip, take: q.take, sort: sortParam(q.sort) } });

/** GET …/messages/count?filter */
export async function countQueryMessages(controllerId: string, filter: QueryMessageFilter): Promise<number> {
  return (await callRoute(queryMessagesRoutes.count, { params: params(controllerId), query: { filter } })).count;
}

/** A page of the controller's query messages under a filter, and how many the filter shows; refreshed every 5 s. */
export function useQueryMessagesPage(q: QueryMessagesQuery) {
  const common = { placeholderData: keepPreviousData, refetchInterval: queryMessagesRefreshMs };
  const page = useQuery({
    ...queryOptions({ queryKey: [...keys.all(q.controllerId), 'page', q.filter, q.skip, q.take, sortParam(q.sort)], queryFn: () => listQueryMessages(q) }),
    ...common,
  });
  const count = useQuery({
    ...queryOptions({ queryKey: [...keys.all(q.controllerId), 'count', q.filter], queryFn: () => countQueryMessages(q.controllerId, q.filter) }),
    ...common,
  });
  return { page, count };
}
