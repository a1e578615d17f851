import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FindingsFilter, PointHealthSweep, PutSchedule, StartSweep } from '@syrx/contracts/point-health';
import { pointHealthRoutes } from '@syrx/contracts/routes/point-health';
import { isJobUnfinished } from '../../../components/job-status-tag';
import { callRoute, routeUrl } from '../../../lib/api-client';

/** How often a sweep's page asks again while it runs. */
export const sweepRefreshMs = 2000;
const key = ['point-health'] as const;

/** GET /api/v2/point-health/fleet: each visible controller with its latest sweep's counts. */
export function useFleet() {
  return useQuery({ queryKey: [...key, 'fleet'], queryFn: () => callRoute(pointHealthRoutes.fleet, { query: {} }) });
}

/** GET /api/v2/point-health/sweeps: a page of sweeps, newest first, followed while any of them runs. */
export function useSweeps(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...key, 'sweeps', page, pageSize],
    queryFn: () => callRoute(pointHealthRoutes.list, { query: { page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data?.items ?? []).some((s) => isJobUnfinished(s.status)) ? sweepRefreshMs : false),
  });
}

/** GET /api/v2/point-health/sweeps/{id}, followed while it runs. */
export function useSweep(id: number) {
  return useQuery({
    queryKey: [...key, 'sweep', id],
    queryFn: () => callRoute(pointHealthRoutes.get, { params: { id } }),
    refetchInterval: (q) => (q.state.data && isJobUnfinished(q.state.data.status) ? sweepRefreshMs : false),
  });
}

export interface FindingsPage extends FindingsFilter {
  page: number;
  page_size: number;
  sort?: string | undefined;
}

/** GET /api/v2/point-health/sweeps/{id}/findings: a page of the filter (asked again when the sweep's status changes). */
export function useFindings(sweep: Pick<PointHealthSweep, 'id' | 'status' | 'progress'>, q: FindingsPage) {
  return useQuery({
    queryKey: [...key, 'findings', sweep.id, sweep.status, sweep.progress, q],
    queryFn: () => callRoute(pointHealthRoutes.findings, { params: { id: sweep.id }, query: q }),
    placeholderData: keepPreviousData,
  });
}

/** Where the browser downloads the filter's findings as CSV. */
export const findingsCsvUrl = (id: number, filter: FindingsFilter) => routeUrl(pointHealthRoutes.findingsCsv, { params: { id }, query: filter });

/** POST /api/v2/point-health/sweeps: queues a sweep (202 with it). */
export function useStartSweep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartSweep) => callRoute(pointHealthRoutes.start, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...key, 'sweeps'] }),
  });
}

/** POST /api/v2/point-health/findings/{id}/relinquish: the override released in the device, read back. */
export function useRelinquish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (findingId: number) => callRoute(pointHealthRoutes.relinquish, { params: { id: findingId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...key, 'findings'] }),
  });
}

/** GET /api/v2/point-health/schedules: the scheduled sweeps of the groups the user sees. */
export function useSchedules() {
  return useQuery({ queryKey: [...key, 'schedules'], queryFn: () => callRoute(pointHealthRoutes.schedules) });
}

/** PUT or DELETE /api/v2/point-health/schedules/{groupId}: a group's daily sweep set (hour_utc) or removed (null). */
export function useSetSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, schedule }: { groupId: number; schedule: PutSchedule | null }) =>
      schedule === null
        ? callRoute(pointHealthRoutes.removeSchedule, { params: { groupId } })
        : callRoute(pointHealthRoutes.putSchedule, { params: { groupId }, body: schedule }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [...key, 'schedules'] }),
  });
}
