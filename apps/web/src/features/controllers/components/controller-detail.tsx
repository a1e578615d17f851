import { Alert, Button, Card, Flex, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { defaultHeartbeatSeconds } from '@syrx/contracts/agent-protocol';
import { useCurrentUser } from '../../../lib/session';
import { useControllerConfiguration } from '../api/controller';
import { useEnabledServices } from '../api/enabled-services';
import { controllerLabel } from '../utils/format';
import { canManageControllers, needsPcsAdmin } from '../utils/permissions';
import { useAreaPaths } from './area-context';
import { LoadFailed, Loading } from './load-state';
import { BacnetConfiguration } from './bacnet-configuration';
import { ControllerStatus } from './controller-status';
import { EnabledServicesTable } from './enabled-services-table';
import { GeneralConfiguration } from './general-configuration';

/** /admin/syrx-controllers/{id}: the controller's configuration, its enabled services and its actions. */
export function ControllerDetail({ id }: { id: string }) {
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const mayManage = canManageControllers(useCurrentUser());
  const { controller, connection, bbmdServers } = useControllerConfiguration(id);
  // Reported versions and rollouts follow the agent's heartbeats.
  const services = useEnabledServices(id, defaultHeartbeatSeconds * 1000);

  if (controller.isPending) return <Loading what="the Syrx controller" />;
  if (controller.isError) return <LoadFailed error={controller.error} />;
  const c = controller.data;
  const refused = mayManage ? undefined : needsPcsAdmin;
  const subError = connection.error ?? bbmdServers.error ?? services.error;

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {controllerLabel(c)}
        </Typography.Title>
        <span style={{ flex: 1 }}>
          <ControllerStatus id={id} />
        </span>
        <Space>
          <Link to={`/commissioning/point-health?syrx_controller_id=${id}`}>Point health</Link>
          <Button type="primary" disabled={!mayManage} title={refused} onClick={() => void navigate(paths.edit(id))}>
            Edit
          </Button>
          <Button danger disabled={!mayManage} title={refused} onClick={() => void navigate(paths.remove(id))}>
            Delete
          </Button>
        </Space>
      </Flex>
      {subError && <Alert type="error" showIcon role="alert" title={subError.message} />}
      <Card size="small">
        <GeneralConfiguration controller={c} />
      </Card>
      <Card size="small" loading={connection.isPending || bbmdServers.isPending}>
        <BacnetConfiguration connection={connection.data ?? null} bbmdServers={bbmdServers.data ?? []} />
      </Card>
      <Card
        size="small"
        title="Enabled services"
        extra={mayManage ? <Link to={paths.services(id)}>Manage enabled services</Link> : <span title={needsPcsAdmin}>Manage enabled services</span>}
      >
        <EnabledServicesTable controllerId={id} services={services.data ?? []} loading={services.isPending} />
      </Card>
    </Flex>
  );
}
