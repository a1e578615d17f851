import { Alert, Button, Descriptions, Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Navigate, useNavigate } from 'react-router';
import { defaultHeartbeatSeconds } from '@syrx/contracts/agent-protocol';
import { canonicalServiceId } from '@syrx/contracts/services';
import { ApiError } from '../../../lib/api-client';
import { useEnabledService } from '../api/enabled-services';
import { formatDateTime } from '../../../lib/date-format';
import { useAreaPaths } from './area-context';
import { neverContacted } from './enabled-services-table';
import { Loading } from './load-state';
import { ServiceDiagnostics } from './service-diagnostics';
import { ReportedVersion, RolloutState } from './service-rollout';
import { type ServicePanelElements, ServicePanels } from './service-panels';

/** The agent's heartbeat interval: last contact and diagnostics change no faster. */
const serviceRefreshMs = defaultHeartbeatSeconds * 1000;

/**
 * …/services/{serviceId}: one enabled service (older ids without "Services." too), with a Back button. `panels`
 * are the service-specific panels other features build (the route composes them in).
 */
export function ServiceDetail({ id, serviceId, panels }: { id: string; serviceId: string; panels?: ServicePanelElements }) {
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const service = useEnabledService(id, serviceId, serviceRefreshMs);

  if (service.error instanceof ApiError && service.error.status === 404) return <Navigate to={paths.controller(id)} replace />;
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(paths.controller(id))}>
      Back
    </Button>
  );
  if (service.isError) return <Flex vertical gap={16}>{back}<Alert type="error" showIcon role="alert" title={service.error.message} /></Flex>;
  if (service.isPending) return <Loading what="the service" />;
  const s = service.data;

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12}>
        {back}
        <Typography.Title level={3} style={{ margin: 0 }}>
          {s.service_id}
        </Typography.Title>
      </Flex>
      <Descriptions
        title="General"
        bordered
        size="small"
        column={1}
        extra={<Button onClick={() => void navigate(paths.serviceLogs(id, s.service_id))}>Logs</Button>}
        items={[
          { key: 'controller', label: 'Syrx controller ID', children: s.syrx_controller_id },
          { key: 'service', label: 'Service ID', children: s.service_id },
          { key: 'assigned', label: 'Assigned version', children: s.assigned_version },
          { key: 'reported', label: 'Reported version', children: <ReportedVersion service={s} /> },
          { key: 'rollout', label: 'Rollout', children: <RolloutState service={s} /> },
          { key: 'contact', label: 'Last contact', children: s.last_contact === null ? neverContacted : formatDateTime(s.last_contact) },
        ]}
      />
      <ServiceDiagnostics diagnostics={s.diagnostics} />
      <ServicePanels serviceId={canonicalServiceId(serviceId)} {...(panels ? { built: panels } : {})} />
    </Flex>
  );
}
