import { Alert, Button, Descriptions, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { SavedController } from '../api/save-controller';
import { controllerLabel } from '../utils/format';
import { useAreaPaths } from './area-context';

/** After creating a controller: its ID and the agent's password, which the server never shows again. */
export function CreatedController({ saved }: { saved: SavedController }) {
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const { controller, password, configurationError } = saved;
  return (
    <Result
      status="success"
      title="Syrx controller created"
      subTitle={controllerLabel(controller)}
      extra={
        <Button type="primary" onClick={() => void navigate(paths.controller(controller.id), { replace: true })}>
          Go to the controller
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="Copy the password now: it will not be shown again."
        description="The controller's agent connects with its Syrx Controller ID and this password."
      />
      {configurationError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title="The controller was created, but its BACnet configuration could not be saved. Edit the controller to try again."
          description={configurationError.message}
        />
      )}
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'id',
            label: 'Syrx Controller ID',
            children: <Typography.Text copyable={{ tooltips: ['Copy controller ID', 'Copied'] }}>{controller.id}</Typography.Text>,
          },
          {
            key: 'password',
            label: 'Password',
            children: (
              <Typography.Text code data-testid="one-time-password" copyable={{ tooltips: ['Copy password', 'Copied'] }}>
                {password}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Result>
  );
}
