import { type RouteObject, useParams } from 'react-router';
import { ImportScreen } from '../features/data-imports/components/import-screen';
import { MoveJobsList } from '../features/data-moves/components/move-jobs-list';
import { MoveWizard } from '../features/data-moves/components/move-wizard';
import { JobLogsScreen } from '../features/jobs/components/job-logs-screen';
import { JobsScreen } from '../features/jobs/components/jobs-screen';

/** A new job id shows a new log tree (nothing of the previous job's tree stays open). */
function JobLogsRoute() {
  const jobId = useParams().jobId ?? '';
  return <JobLogsScreen key={jobId} jobId={jobId} />;
}

/** Background jobs and their logs, moving vendor point data, and the CSV imports (spec 02 section 2; docs/data-moves.md). */
export const jobAndMoveRoutes: RouteObject[] = [
  { path: '/admin/jobs', element: <JobsScreen /> },
  { path: '/admin/jobs/:jobId/logs', element: <JobLogsRoute /> },
  { path: '/admin/move-vendor-point-data', element: <MoveJobsList /> },
  { path: '/admin/move-vendor-point-data/new', element: <MoveWizard /> },
  { path: '/report-data/import', element: <ImportScreen /> },
];
