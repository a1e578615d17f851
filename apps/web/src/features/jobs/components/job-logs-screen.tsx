import { Alert, Flex, Result, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { isJobUnfinished } from '../../../components/job-status-tag';
import { useJob } from '../api/jobs';
import { JobHeader } from './job-header';
import { JobLogTree } from './job-log-tree';

const back = <Link to="/admin/jobs">Back to Jobs</Link>;

function JobLogs({ jobId }: { jobId: number }) {
  const job = useJob(jobId);
  if (job.isPending) return <Spin aria-label="Loading the job" />;
  if (job.isError) return <Alert type="error" showIcon role="alert" title="The job could not be loaded" description={job.error.message} />;
  if (job.data === null) return <Result status="404" title="Job not found" subTitle={`There is no job ${jobId}.`} extra={back} />;
  return (
    <Flex vertical gap={16}>
      <JobHeader job={job.data} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        Logs
      </Typography.Title>
      <JobLogTree jobId={jobId} live={isJobUnfinished(job.data.status)} />
    </Flex>
  );
}

/** /admin/jobs/{jobId}/logs: the job's header and the tree of its log entries; 'Job not found' on a 404. */
export function JobLogsScreen({ jobId }: { jobId: string }) {
  const id = /^\d+$/.test(jobId) ? Number(jobId) : null;
  return (
    <Flex vertical gap={16}>
      <Flex gap={16} align="baseline">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {id === null ? 'Job logs' : `Job ${id}`}
        </Typography.Title>
        {back}
      </Flex>
      {id === null ? <Result status="404" title="Job not found" subTitle={`There is no job ${jobId}.`} /> : <JobLogs jobId={id} />}
    </Flex>
  );
}
