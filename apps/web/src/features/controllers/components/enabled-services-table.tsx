import { Button, Table, type TableProps } from 'antd';
import { useNavigate } from 'react-router';
import type { EnabledService } from '@syrx/contracts/controllers';
import { formatDateTime } from '../../../lib/date-format';
import { useAreaPaths } from './area-context';
import { ReportedVersion, RolloutState } from './service-rollout';

export const neverContacted = 'never contacted';

/**
 * The controller's enabled services: versions (drift flagged), where the updater's rollout stands, last contact, and
 * the way to each service's page and logs.
 */
export function EnabledServicesTable({ controllerId, services, loading }: { controllerId: string; services: readonly EnabledService[]; loading: boolean }) {
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const columns: TableProps<EnabledService>['columns'] = [
    { title: 'Service ID', dataIndex: 'service_id', key: 'service_id' },
    { title: 'Assigned version', dataIndex: 'assigned_version', key: 'assigned_version' },
    { title: 'Reported version', key: 'reported_version', render: (_v, s) => <ReportedVersion service={s} /> },
    { title: 'Rollout', key: 'rollout', render: (_v, s) => <RolloutState service={s} /> },
    { title: 'Last contact', dataIndex: 'last_contact', key: 'last_contact', render: (v: string | null) => (v === null ? neverContacted : formatDateTime(v)) },
    {
      title: 'Manage service',
      key: 'manage',
      render: (_v, s) => <Button onClick={() => void navigate(paths.service(controllerId, s.service_id))}>Manage service</Button>,
    },
    {
      title: 'Logs',
      key: 'logs',
      render: (_v, s) => <Button onClick={() => void navigate(paths.serviceLogs(controllerId, s.service_id))}>Logs</Button>,
    },
  ];
  return (
    <Table<EnabledService>
      aria-label="Enabled services"
      rowKey="service_id"
      size="small"
      pagination={false}
      loading={loading}
      columns={columns}
      dataSource={[...services]}
      locale={{ emptyText: 'No enabled services' }}
    />
  );
}
