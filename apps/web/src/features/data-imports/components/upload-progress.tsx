import { Alert, Flex, List, Progress, Typography } from 'antd';
import { Link } from 'react-router';
import { finishedJobStatuses } from '@syrx/contracts/jobs';
import { useUploadJob, useUploadLog } from '../api/group-upload';

/** A log line that names a line of the file ("Line 7: value "warm" is not a number"). */
const rowError = /^Line \d+: /;

/** A queued upload as it runs: its progress, then what it stored and each line it could not read, by number. */
export function UploadProgress({ jobId }: { jobId: number }) {
  const job = useUploadJob(jobId);
  const finished = job.data !== undefined && finishedJobStatuses.includes(job.data.status);
  const log = useUploadLog(jobId, finished);
  if (job.isError) return <Alert type="error" showIcon role="alert" title={`The upload's job ${jobId} could not be read`} description={job.error.message} />;
  const rows = log.data?.filter((l) => rowError.test(l.message)) ?? [];
  const summary = log.data?.filter((l) => !rowError.test(l.message)).at(-1);
  const status = job.data?.status === 'failed' ? 'exception' : finished ? 'success' : 'active';
  return (
    <Flex vertical gap={8} role="status" aria-label="Upload progress">
      <Progress percent={Math.round(job.data?.progress ?? 0)} status={status} />
      {job.data?.status === 'failed' && <Alert type="error" showIcon role="alert" title="The upload failed" description={job.data.error_message} />}
      {summary && <Alert type={rows.length > 0 ? 'warning' : 'success'} showIcon title={summary.message} />}
      {rows.length > 0 && (
        <div role="region" aria-label="Lines not stored">
          <List
            size="small"
            bordered
            header={<Typography.Text strong>{`Lines not stored (${rows.length})`}</Typography.Text>}
            dataSource={rows}
            renderItem={(l) => <List.Item>{l.message}</List.Item>}
          />
        </div>
      )}
      <Typography.Text type="secondary">
        Job {jobId}: <Link to={`/admin/jobs/${jobId}/logs`}>its logs</Link>
      </Typography.Text>
    </Flex>
  );
}
