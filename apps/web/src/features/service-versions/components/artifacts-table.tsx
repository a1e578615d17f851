import { Alert, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined, LockOutlined } from '@ant-design/icons';
import type { ServiceArtifact } from '@syrx/contracts/service-versions';
import { env } from '../../../config/env';
import { formatDateTime } from '../../../lib/date-format';
import { useArtifacts } from '../api/service-versions';
import { formatSize } from '../utils/version-form';

/** A service's artifacts, newest first: who built them (git revision), their sha256 and the versions that name them. */
export function ArtifactsTable({ serviceId, mayDownload }: { serviceId: string; mayDownload: boolean }) {
  const artifacts = useArtifacts(serviceId);
  if (artifacts.isError) return <Alert type="error" showIcon role="alert" title="The artifacts could not be loaded" description={artifacts.error.message} />;
  const packageUrl = (a: ServiceArtifact) => `${env.api.v2}/syrx-controller-service-types/${encodeURIComponent(serviceId)}/artifacts/${a.id}/package`;
  const columns = [
    { key: 'id', title: 'Id', render: (_: unknown, a: ServiceArtifact) => `#${a.id}` },
    { key: 'git_revision', title: 'Git revision', render: (_: unknown, a: ServiceArtifact) => a.git_revision || '—' },
    { key: 'created_date', title: 'Published', render: (_: unknown, a: ServiceArtifact) => formatDateTime(a.created_date) },
    { key: 'file', title: 'File', render: (_: unknown, a: ServiceArtifact) => `${a.file_name} (${formatSize(a.size)})` },
    {
      key: 'sha256', title: 'sha256',
      render: (_: unknown, a: ServiceArtifact) => <Typography.Text code copyable={{ text: a.sha256 }}>{a.sha256.slice(0, 16)}…</Typography.Text>,
    },
    {
      key: 'versions', title: 'Versions',
      render: (_: unknown, a: ServiceArtifact) => (
        <Space size={4} wrap>
          {a.syrx_controller_service_versions.map((v) => <Tag key={v.version_name} icon={v.is_locked ? <LockOutlined /> : undefined}>{v.version_name}</Tag>)}
        </Space>
      ),
    },
    {
      key: 'download', title: '',
      render: (_: unknown, a: ServiceArtifact) => mayDownload && <a href={packageUrl(a)} download aria-label={`Download artifact #${a.id}`}><DownloadOutlined /> Download</a>,
    },
  ];
  return (
    <Table<ServiceArtifact>
      aria-label={`Artifacts of ${serviceId}`}
      size="small"
      rowKey="id"
      loading={artifacts.isPending}
      columns={columns}
      dataSource={artifacts.data}
      pagination={(artifacts.data?.length ?? 0) > 10 ? { pageSize: 10 } : false}
      locale={{ emptyText: 'No artifacts uploaded yet' }}
    />
  );
}
