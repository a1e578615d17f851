import { Alert, Card, Flex, Spin, Typography } from 'antd';
import { statusRefreshMs, useConfiguration } from '../api/configuration';
import { pressurePaths } from '../utils/pressure-paths';
import { ChangeButton } from './change-button';
import { ConfigurationSummary } from './configuration-summary';
import { LastException } from './last-exception';
import { OatSummary, PnormSummary } from './point-summaries';
import { TransmittersGrid } from './transmitters-grid';

export const notConfiguredYet = 'The building pressure control service is not configured yet.';

interface PressureStatusPanelProps {
  controllerId: string;
  /** The service page in the area the edit routes are in; the panel's buttons lead below it. */
  servicePath: string;
}

/**
 * The pressure control service's status panel (spec 01 section 2): configuration, OAT sensor, Pnorm output, the
 * transmitters grid and the last exception, asked again every 15 s so the loop's values move.
 */
export function PressureStatusPanel({ controllerId, servicePath }: PressureStatusPanelProps) {
  const paths = pressurePaths(servicePath);
  const configuration = useConfiguration(controllerId, statusRefreshMs);
  const refreshNote = <Typography.Text type="secondary">{`Refreshes every ${statusRefreshMs / 1000} s`}</Typography.Text>;

  let body;
  if (configuration.isPending) body = <Spin aria-label="Loading the building pressure control status" />;
  else if (configuration.isError) {
    body = <Alert type="error" showIcon role="alert" title="The building pressure control status could not be loaded" description={configuration.error.message} />;
  } else {
    const c = configuration.data;
    body = (
      <Flex vertical gap={16}>
        {!c.saved && (
          <Alert
            type="info"
            showIcon
            title={notConfiguredYet}
            description="Set the neutral plane height, choose the outside-air-temperature sensor and the Pnorm output, and add the building pressure transmitters."
            action={<ChangeButton to={paths.configuration} primary>Configure</ChangeButton>}
          />
        )}
        <ConfigurationSummary configuration={c} editPath={paths.configuration} />
        <OatSummary configuration={c} editPath={paths.oatSensor} />
        <PnormSummary configuration={c} editPath={paths.pnormOutput} />
        <TransmittersGrid controllerId={controllerId} transmittersPath={paths.transmitters} refreshMs={statusRefreshMs} />
        <LastException configuration={c} />
      </Flex>
    );
  }
  return (
    <Card size="small" title="Building pressure control" extra={refreshNote}>
      {body}
    </Card>
  );
}
