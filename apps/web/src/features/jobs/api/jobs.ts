import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Job, JobLog } from '@syrx/contracts/jobs';
import { jobsRoutes } from '@syrx/contracts/routes/jobs';
import { isJobUnfinished } from '../../../components/job-status-tag';
import { ApiError, callRoute } from '../../../lib/api-client';
import { type JobsQuery, jobsQueryParams } from '../utils/jobs-query';

/** Spec: the grid follows running jobs; it asks again this often while any job it shows may still change. */
export const liveRefreshMs = 2000;

const anyUnfinished = (jobs: readonly Job[] | undefined) => (jobs ?? []).some((j) => isJobUnfinished(j.status));

/** GET /api/v2/jobs: one page of top-level jobs. */
export const getJobs = (q: JobsQuery) => callRoute(jobsRoutes.list, { query: jobsQueryParams(q) });

/** A page of jobs that refreshes every 2 s while any of its jobs is queued or running. */
export function useJobsPage(q: JobsQuery) {
  return useQuery({
    queryKey: ['jobs', 'page', q],
    queryFn: () => getJobs(q),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (anyUnfinished(query.state.data?.items) ? liveRefreshMs : false),
  });
}

/** GET /api/v2/jobs/{id}/child-jobs, refreshed while the parent or a child may still change. */
export function useChildJobs(parent: Job) {
  return useQuery({
    queryKey: ['jobs', parent.id, 'children'],
    queryFn: () => callRoute(jobsRoutes.childJobs, { params: { id: parent.id } }),
    refetchInterval: (query) => (isJobUnfinished(parent.status) || anyUnfinished(query.state.data) ? liveRefreshMs : false),
  });
}

/** GET /api/v2/jobs/{id}: the job, or null when there is none (404); refreshed while it runs. */
export function useJob(jobId: number) {
  return useQuery({
    queryKey: ['jobs', jobId],
    queryFn: async (): Promise<Job | null> => {
      try {
        return await callRoute(jobsRoutes.get, { params: { id: jobId } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    refetchInterval: (query) => (query.state.data && isJobUnfinished(query.state.data.status) ? liveRefreshMs : false),
  });
}

/** GET /api/v2/jobs/{id}/logs?parentLogId=null|{logId}: the entries under one entry, or the top level (null). */
export const jobLogsQueryOptions = (jobId: number, parentLogId: number | null) =>
  queryOptions({
    queryKey: ['jobs', jobId, 'logs', parentLogId ?? 'top'],
    queryFn: (): Promise<JobLog[]> => callRoute(jobsRoutes.logs, { params: { id: jobId }, query: { parentLogId: parentLogId ?? 'null' } }),
    staleTime: 0,
  });
