import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { jobsRoutes } from '@syrx/contracts/routes/jobs';
import { groupDataRoutes } from '@syrx/contracts/routes/point-data';
import { finishedJobStatuses } from '@syrx/contracts/jobs';
import { callRoute } from '../../../lib/api-client';
import type { CsvFile } from './imports';

/** How often a running upload's job is asked for its progress. */
export const uploadPollMs = 1000;

/** POST /api/v2/groups/{groupId}/group-data?file_name= with the CSV as text/csv: 202 with the upload job's id. */
export const postGroupData = (groupId: number, file: CsvFile) =>
  callRoute(groupDataRoutes.upload, { params: { groupId }, query: { file_name: file.name.slice(0, 255) || undefined }, body: file.csv });

export const useGroupUpload = (groupId: number) => useMutation({ mutationFn: (file: CsvFile) => postGroupData(groupId, file) });

/** GET /api/v2/jobs/{id}: the upload's job, asked again every second until it has finished. */
export const useUploadJob = (jobId: number) =>
  useQuery({
    ...queryOptions({ queryKey: ['group-upload', jobId], queryFn: () => callRoute(jobsRoutes.get, { params: { id: jobId } }) }),
    refetchInterval: (q) => (q.state.data && finishedJobStatuses.includes(q.state.data.status) ? false : uploadPollMs),
  });

/** GET /api/v2/jobs/{id}/logs: the finished upload's log (the lines it could not read, and its summary). */
export const useUploadLog = (jobId: number, finished: boolean) =>
  useQuery({
    queryKey: ['group-upload', jobId, 'logs'],
    queryFn: () => callRoute(jobsRoutes.logs, { params: { id: jobId }, query: { parentLogId: 'null' } }),
    enabled: finished,
  });
