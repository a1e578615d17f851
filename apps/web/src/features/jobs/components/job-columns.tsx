import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { Sort } from '@syrx/contracts/grid';
import type { Job, JobType } from '@syrx/contracts/jobs';
import { JobProgress, JobStatusTag } from '../../../components/job-status-tag';
import { sortableColumn, timestampColumnWidth } from '../../../components/paged-grid';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { jobTypeLabels } from '../utils/jobs-query';

const time = (iso: string | null) => formatOptionalDateTime(iso);

/**
 * Id, type, status, progress, priority, user, the created/queued/started/finished times and a Logs link. With `sort`
 * the columns the server sorts are sortable (the top-level grid); without, they are not (child jobs).
 */
export function jobColumns(sort?: readonly Sort[]): TableColumnsType<Job> {
  const sortable = (field: string) => (sort ? sortableColumn(sort, field, true) : { key: field });
  return [
    { title: 'Id', dataIndex: 'id', width: 80, ...sortable('id') },
    { title: 'Type', dataIndex: 'job_type', render: (t: JobType) => <span title={t}>{jobTypeLabels[t]}</span>, ...sortable('job_type') },
    { title: 'Status', dataIndex: 'status', width: 110, render: (s: string) => <JobStatusTag status={s} />, ...sortable('status') },
    { title: 'Progress', dataIndex: 'progress', width: 150, render: (p: number, j) => <JobProgress status={j.status} progress={p} />, ...sortable('progress') },
    { title: 'Priority', dataIndex: 'priority', width: 90, ...sortable('priority') },
    { title: 'User', dataIndex: 'username', render: (u: string | null | undefined, j) => u ?? (j.user_id === null ? '' : `User ${j.user_id}`), ...sortable('username') },
    { title: 'Created', dataIndex: 'created_time', width: timestampColumnWidth, render: time, ...sortable('created_time') },
    { title: 'Queued', dataIndex: 'queued_time', width: timestampColumnWidth, render: time, ...sortable('queued_time') },
    { title: 'Started', dataIndex: 'run_started_time', width: timestampColumnWidth, render: time, ...sortable('run_started_time') },
    { title: 'Finished', dataIndex: 'finished_time', width: timestampColumnWidth, render: time, ...sortable('finished_time') },
    {
      title: 'Logs', key: 'logs', width: 70,
      render: (_: unknown, j) => <Link to={`/admin/jobs/${j.id}/logs`} aria-label={`Logs of job ${j.id}`}>Logs</Link>,
    },
  ];
}
