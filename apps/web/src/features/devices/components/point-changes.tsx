import { Alert, Table, Tag } from 'antd';
import type { PointChange } from '@syrx/contracts/points';
import { formatDateTime } from '../../../lib/date-format';
import { usePointChanges } from '../api/point-changes';

const changeColors: Record<PointChange['change'], string> = { appeared: 'green', disappeared: 'red', reappeared: 'blue' };
const sourceLabels: Record<PointChange['source'], string> = { user: 'Reload by a user', 'revision-change': 'Database revision changed', discovery: 'Found by discovery' };

const columns = [
  { title: 'When', dataIndex: 'changed_on', key: 'when', render: (v: string) => formatDateTime(v) },
  { title: 'Point', dataIndex: 'object_id', key: 'point' },
  { title: 'Name', dataIndex: 'name', key: 'name', render: (v: string | null) => v ?? '' },
  { title: 'Change', dataIndex: 'change', key: 'change', render: (v: PointChange['change']) => <Tag color={changeColors[v]}>{v}</Tag> },
  { title: 'Source', dataIndex: 'source', key: 'source', render: (v: PointChange['source']) => sourceLabels[v] },
  { title: 'Database revision', dataIndex: 'database_revision', key: 'revision', render: (v: number | null) => v ?? '' },
];

/** The device's recent point changes, as point discoveries recorded them. */
export function PointChanges({ controllerId, deviceId }: { controllerId: string; deviceId: number }) {
  const changes = usePointChanges(controllerId, deviceId);
  if (changes.isError) return <Alert type="error" showIcon role="alert" title={changes.error.message} />;
  return (
    <Table<PointChange>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={changes.data}
      loading={changes.isPending}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: 'No point changes recorded' }}
    />
  );
}
