import { Progress, Tag } from 'antd';
import { type JobStatus, finishedJobStatuses, jobStatuses } from '@syrx/contracts/jobs';

const colours: Record<JobStatus, string> = { queued: 'default', running: 'processing', succeeded: 'success', failed: 'error', cancelled: 'warning' };

const isJobStatus = (status: string): status is JobStatus => (jobStatuses as readonly string[]).includes(status);

/** True while a job may still change: queued or running (a status this client does not know counts as finished). */
export const isJobUnfinished = (status: string): boolean => isJobStatus(status) && !finishedJobStatuses.includes(status);

/** A job's status as a coloured tag (shared by the job grid and the move-job list). */
export function JobStatusTag({ status }: { status: string }) {
  return <Tag color={isJobStatus(status) ? colours[status] : 'default'}>{status}</Tag>;
}

/** A job's progress (0–100) as a small bar, red when it failed and green when it succeeded. */
export function JobProgress({ status, progress }: { status: string; progress: number }) {
  const state = status === 'failed' ? 'exception' : status === 'succeeded' ? 'success' : status === 'running' ? 'active' : 'normal';
  return <Progress percent={Math.round(progress)} size="small" status={state} aria-label={`Progress ${Math.round(progress)}%`} style={{ minWidth: 100, margin: 0 }} />;
}
