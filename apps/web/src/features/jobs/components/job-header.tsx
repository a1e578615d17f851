import { Descriptions, Typography } from 'antd';
import type { Job } from '@syrx/contracts/jobs';
import { JobProgress, JobStatusTag } from '../../../components/job-status-tag';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { jobTypeLabels } from '../utils/jobs-query';

/** The job whose logs are shown: what it is, where it is, who started it, when, and how it failed. */
export function JobHeader({ job }: { job: Job }) {
  const items = [
    { key: 'type', label: 'Type', children: <span title={job.job_type}>{jobTypeLabels[job.job_type]}</span> },
    { key: 'status', label: 'Status', children: <JobStatusTag status={job.status} /> },
    { key: 'progress', label: 'Progress', children: <JobProgress status={job.status} progress={job.progress} /> },
    { key: 'priority', label: 'Priority', children: job.priority },
    { key: 'user', label: 'User', children: job.username ?? (job.user_id === null ? '' : `User ${job.user_id}`) },
    { key: 'attempts', label: 'Attempts', children: job.attempts },
    { key: 'created', label: 'Created', children: formatOptionalDateTime(job.created_time) },
    { key: 'queued', label: 'Queued', children: formatOptionalDateTime(job.queued_time) },
    { key: 'started', label: 'Started', children: formatOptionalDateTime(job.run_started_time) },
    { key: 'finished', label: 'Finished', children: formatOptionalDateTime(job.finished_time) },
    ...(job.parent_job_id === null ? [] : [{ key: 'parent', label: 'Parent job', children: job.parent_job_id }]),
    ...(job.error_message === null ? [] : [{ key: 'error', label: 'Error', span: 'filled' as const, children: <Typography.Text type="danger" style={{ whiteSpace: 'normal' }}>{job.error_message}</Typography.Text> }]),
  ];
  const params = Object.entries(job.params).map(([key, value]) => ({
    key, label: key, children: <span style={{ overflowWrap: 'anywhere' }}>{typeof value === 'string' ? value : JSON.stringify(value)}</span>,
  }));
  return (
    <section aria-label="Job">
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} items={items} styles={{ label: { whiteSpace: 'nowrap' }, content: { whiteSpace: 'nowrap' } }} />
      {params.length > 0 && <Descriptions title="Parameters" size="small" column={{ xs: 1, lg: 2 }} items={params} style={{ marginTop: 16 }} />}
    </section>
  );
}
