import { type ReactNode, useState } from 'react';
import { Alert, Button, Card, Flex, Typography, Upload } from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { maxImportBytes } from '@syrx/contracts/data-moves';
import type { CsvFile } from '../api/imports';

const megabytes = maxImportBytes / (1024 * 1024);

interface ImportCardProps {
  title: string;
  description: string;
  /** The columns the file's first line must and may name. */
  header: { required: readonly string[]; optional: readonly string[] };
  upload: UseMutationResult<{ job_id: number }, Error, CsvFile>;
  /** The button's word ("Import", "Upload"). */
  action?: string;
  /** What shows once the job is queued (default: a link to its logs). */
  queued?: (jobId: number) => ReactNode;
}

/** One CSV file sent as a job: the header it expects, a file, the button, and the queued job or why it was refused. */
export function ImportCard({ title, description, header, upload, action = 'Import', queued }: ImportCardProps) {
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const { required, optional } = header;

  const onImport = async () => {
    if (!file) return;
    if (file.size > maxImportBytes) {
      setTooLarge(true);
      return;
    }
    upload.mutate({ name: file.name, csv: await file.text() });
  };

  return (
    <Card title={title} role="region" aria-label={title} style={{ flex: '1 1 420px', maxWidth: 640 }}>
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>{description}</Typography.Paragraph>
        <div>
          <Typography.Text>The first line is the header:</Typography.Text>
          <Typography.Paragraph copyable code style={{ margin: '4px 0 0' }}>
            {[...required, ...optional].join(',')}
          </Typography.Paragraph>
          {optional.length > 0 && <Typography.Text type="secondary">Optional columns: {optional.join(', ')}.</Typography.Text>}
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            At most {megabytes} MB.
          </Typography.Paragraph>
        </div>
        <Flex gap={12} align="center" wrap>
          <Upload
            accept=".csv,text/csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setTooLarge(false);
              upload.reset();
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} aria-label={`Choose a ${title} file`}>
              Choose file
            </Button>
          </Upload>
          <Button type="primary" disabled={!file} loading={upload.isPending} onClick={() => void onImport()}>
            {action}
          </Button>
          {file && (
            <Typography.Text ellipsis={{ tooltip: file.name }} style={{ maxWidth: 260 }}>
              <PaperClipOutlined /> {file.name}
            </Typography.Text>
          )}
        </Flex>
        {tooLarge && <Alert type="error" showIcon role="alert" title={`The file is larger than ${megabytes} MB.`} />}
        {upload.isError && <Alert type="error" showIcon role="alert" title="The file was not imported" description={upload.error.message} />}
        {upload.isSuccess && queued?.(upload.data.job_id)}
        {upload.isSuccess && !queued && (
          <Alert
            type="success"
            showIcon
            title={`Import queued as job ${upload.data.job_id}`}
            description={
              <>
                Rows it cannot read are listed in the job&apos;s logs: <Link to={`/admin/jobs/${upload.data.job_id}/logs`}>View the logs of job {upload.data.job_id}</Link>
              </>
            }
          />
        )}
      </Flex>
    </Card>
  );
}
