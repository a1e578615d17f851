import { Alert, Table } from 'antd';
import type { Job } from '@syrx/contracts/jobs';
import { useChildJobs } from '../api/jobs';
import { jobColumns } from './job-columns';

/** An expanded job's children, in the order they run. */
export function ChildJobs({ parent }: { parent: Job }) {
  const children = useChildJobs(parent);
  if (children.isError) return <Alert type="error" showIcon role="alert" title="The child jobs could not be loaded" description={children.error.message} />;
  return (
    <Table<Job>
      aria-label={`Child jobs of job ${parent.id}`}
      rowKey="id"
      size="small"
      columns={jobColumns()}
      dataSource={children.data}
      loading={children.isPending}
      pagination={false}
      locale={{ emptyText: 'No child jobs' }}
    />
  );
}
