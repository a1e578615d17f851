import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { serviceLogsRoutes } from '@syrx/contracts/routes/service-logs';
import type { ServiceLogLevel } from '@syrx/contracts/service-logs';
import { callRoute } from '../../../lib/api-client';

export interface ServiceLogQuery {
  controllerId: string;
  serviceId: string;
  minLogLevel: ServiceLogLevel;
  skip: number;
  take: number;
}

const params = (q: Pick<ServiceLogQuery, 'controllerId' | 'serviceId'>) => ({ id: q.controllerId, serviceId: q.serviceId });

/** GET …/services/{serviceId}/logs?minLogLevel&skip&take: one page, newest first. */
export const getServiceLogs = (q: ServiceLogQuery) =>
  callRoute(serviceLogsRoutes.list, { params: params(q), query: { minLogLevel: q.minLogLevel, skip: q.skip, take: q.take } });

/** GET …/services/{serviceId}/logs/count?minLogLevel */
export async function countServiceLogs(q: Omit<ServiceLogQuery, 'skip' | 'take'>): Promise<number> {
  const { count } = await callRoute(serviceLogsRoutes.count, { params: params(q), query: { minLogLevel: q.minLogLevel } });
  return count;
}

const serviceLogKeys = {
  all: (controllerId: string, serviceId: string) => ['service-logs', controllerId, serviceId] as const,
};

export const serviceLogPageQueryOptions = (q: ServiceLogQuery) =>
  queryOptions({ queryKey: [...serviceLogKeys.all(q.controllerId, q.serviceId), 'page', q.minLogLevel, q.skip, q.take], queryFn: () => getServiceLogs(q) });

export const serviceLogCountQueryOptions = (q: Omit<ServiceLogQuery, 'skip' | 'take'>) =>
  queryOptions({ queryKey: [...serviceLogKeys.all(q.controllerId, q.serviceId), 'count', q.minLogLevel], queryFn: () => countServiceLogs(q) });

/** A page of a service's log and the number of entries it pages through; the previous page stays while the next loads. */
export function useServiceLogPage(q: ServiceLogQuery) {
  const page = useQuery({ ...serviceLogPageQueryOptions(q), placeholderData: keepPreviousData });
  const count = useQuery({ ...serviceLogCountQueryOptions(q), placeholderData: keepPreviousData });
  return { page, count };
}
