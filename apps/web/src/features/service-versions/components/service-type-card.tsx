import { Button, Card, Collapse, Space, Table, Tag, Typography } from 'antd';
import { LockOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { builtInServiceVersion } from '@syrx/contracts/semver-range';
import type { ServiceTypeWithVersions, ServiceVersion } from '@syrx/contracts/service-versions';
import { formatDateTime } from '../../../lib/date-format';
import { serviceVersionPaths } from '../utils/version-form';
import { ArtifactsTable } from './artifacts-table';

/** Said while nothing is published: controllers run (and report) the version built into their agent. */
export const noPublishedVersions = `No versions published yet: controllers run the built-in version ${builtInServiceVersion}`;

interface ServiceTypeCardProps {
  type: ServiceTypeWithVersions;
  mayManage: boolean;
  onUpload: () => void;
}

/** One service type: its versions (highest first), its artifacts on demand, and the actions that add to them. */
export function ServiceTypeCard({ type, mayManage, onUpload }: ServiceTypeCardProps) {
  const navigate = useNavigate();
  const columns = [
    {
      key: 'version', title: 'Version',
      render: (_: unknown, v: ServiceVersion) => <Link to={serviceVersionPaths.version(v.service_id, v.version_name)}>{v.version_name}</Link>,
    },
    { key: 'git_revision', title: 'Artifact git revision', render: (_: unknown, v: ServiceVersion) => v.artifact.git_revision || '—' },
    { key: 'created_date', title: 'Artifact created', render: (_: unknown, v: ServiceVersion) => formatDateTime(v.artifact.created_date) },
    {
      key: 'is_locked', title: 'Locked',
      render: (_: unknown, v: ServiceVersion) => (v.is_locked ? <Tag icon={<LockOutlined />} color="gold">Locked</Tag> : <Typography.Text type="secondary">No</Typography.Text>),
    },
  ];

  return (
    <Card
      role="region"
      aria-label={type.id}
      title={type.id}
      extra={
        <Space wrap>
          <Button icon={<UploadOutlined />} disabled={!mayManage} onClick={onUpload}>Upload artifact</Button>
          <Button type="primary" icon={<PlusOutlined />} disabled={!mayManage} onClick={() => void navigate(serviceVersionPaths.newVersion(type.id))}>
            New version
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{type.description}</Typography.Paragraph>
      <Table<ServiceVersion>
        aria-label={`Versions of ${type.id}`}
        size="small"
        rowKey="version_name"
        columns={columns}
        dataSource={type.syrx_controller_service_versions}
        pagination={type.syrx_controller_service_versions.length > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: noPublishedVersions }}
      />
      <Collapse
        ghost
        style={{ marginTop: 8 }}
        items={[{ key: 'artifacts', label: 'Artifacts', children: <ArtifactsTable serviceId={type.id} mayDownload={mayManage} /> }]}
      />
    </Card>
  );
}
