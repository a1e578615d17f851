import { useParams } from 'react-router';
import { JobLogsScreen } from '../features/jobs/components/job-logs-screen';

export { ImportScreen } from '../features/data-imports/components/import-screen';
export { MoveJobsList } from '../features/data-moves/components/move-jobs-list';
export { MoveWizard } from '../features/data-moves/components/move-wizard';
export { JobsScreen } from '../features/jobs/components/jobs-screen';

/** A new job id shows a new log tree (nothing of the previous job's tree stays open). */
export function JobLogsRoute() {
  const jobId = useParams().jobId ?? '';
  return <JobLogsScreen key={jobId} jobId={jobId} />;
}
