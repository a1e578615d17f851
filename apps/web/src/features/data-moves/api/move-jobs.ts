import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MoveItem, MoveJobRow } from '@syrx/contracts/data-moves';
import type { Sort } from '@syrx/contracts/grid';
import type { Page } from '@syrx/contracts/jobs';
import { movesRoutes } from '@syrx/contracts/routes/data-moves';
import { isJobUnfinished } from '../../../components/job-status-tag';
import { callRoute } from '../../../lib/api-client';
import { sortParam } from '../../../lib/grid-query';

export interface MoveJobsQuery {
  /** From 1. */
  page: number;
  pageSize: number;
  sort: readonly Sort[];
}

/** Spec 02 sections 2 and 9: newest queued first. */
export const newestQueuedFirst: Sort[] = [{ field: 'job_queued_date', dir: 'desc' }];

/** GET /api/v2/jobs/statuses?skip&take&page&pageSize&sort: one page of move jobs and how many there are. */
export function getMoveJobs(q: MoveJobsQuery): Promise<Page<MoveJobRow>> {
  return callRoute(movesRoutes.statuses, {
    query: { skip: (q.page - 1) * q.pageSize, take: q.pageSize, page: q.page, pageSize: q.pageSize, sort: sortParam(q.sort) },
  });
}

/** A page of move jobs that refreshes every 2 s while any of them is unfinished. */
export function useMoveJobs(q: MoveJobsQuery) {
  return useQuery({
    queryKey: ['jobs', 'moves', q],
    queryFn: () => getMoveJobs(q),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => ((query.state.data?.items ?? []).some((r) => isJobUnfinished(r.status)) ? 2000 : false),
  });
}

/** POST /api/v2/vendor_point_record_move_jobs: one move job per item; the job lists then ask again. */
export function useQueueMoveJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: MoveItem[]) => callRoute(movesRoutes.queue, { body: items }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
