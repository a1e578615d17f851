import { queryOptions, useQueries } from '@tanstack/react-query';
import type { CriticalStatusReport as StatusReport } from '@syrx/contracts/controllers';
import { controllersRoutes } from '@syrx/contracts/routes/controllers';
import { ApiError, callRoute } from '../../../lib/api-client';
import { controllerKeys } from './query-keys';

/** GET …/critical-systemd-service-statuses: the agent's latest report of its units; a 404 means none yet (null). */
export async function getCriticalStatuses(id: string): Promise<StatusReport | null> {
  try {
    return await callRoute(controllersRoutes.criticalStatuses, { params: { id } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The agent reports with every heartbeat and the server says when statuses change (useLiveStatuses); this poll is the fallback. */
export const statusRefreshMs = 30_000;

export const criticalStatusesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: controllerKeys.statuses(id),
    queryFn: () => getCriticalStatuses(id),
    refetchInterval: statusRefreshMs,
    staleTime: statusRefreshMs / 2,
  });

/** What the status dots read for one controller: its report (null: none yet; undefined: still loading) or a failure. */
export interface StatusAnswer {
  report: StatusReport | null | undefined;
  failed: boolean;
}

/** The status reports of several controllers, by controller id. */
export function useCriticalStatuses(ids: readonly string[]): ReadonlyMap<string, StatusAnswer> {
  return useQueries({
    queries: ids.map((id) => criticalStatusesQueryOptions(id)),
    combine: (results) => new Map(results.map((r, i) => [ids[i] ?? '', { report: r.data, failed: r.isError }])),
  });
}
