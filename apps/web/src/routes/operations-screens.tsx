import { Flex } from 'antd';
import { useLocation, useParams } from 'react-router';
import { serviceIds } from '@syrx/contracts/services';
import { areaBase, oldAreaBase } from '../features/controllers/utils/area-paths';
import type { ServicePanelElements } from '../features/controllers/components/service-panels';
import { DiagnosticsPanel } from '../features/diagnostics/components/diagnostics-panel';
import { LiveLogScreen } from '../features/live-logs/components/live-log-screen';
import { MetricsChart } from '../features/metrics/components/metrics-chart';
import { ServiceLogGrid } from '../features/service-logs/components/service-log-grid';
import { TerminalPanel } from '../features/terminal/components/terminal-panel';

const useControllerId = (): string => useParams().syrxControllerId ?? '';

/** …/logs: the controller's live logs; a new controller gets a new stream. */
export function LiveLogsRoute() {
  const id = useControllerId();
  return <LiveLogScreen key={id} controllerId={id} />;
}

/** …/services/{serviceId}/logs in either area; Back leads to the service's page in the same area. */
export function ServiceLogsRoute() {
  const id = useControllerId();
  const serviceId = useParams().serviceId ?? '';
  const base = useLocation().pathname.startsWith(`${oldAreaBase}/`) ? oldAreaBase : areaBase;
  const backTo = `${base}/${encodeURIComponent(id)}/services/${encodeURIComponent(serviceId)}`;
  return <ServiceLogGrid key={`${id}/${serviceId}`} controllerId={id} serviceId={serviceId} backTo={backTo} />;
}

/**
 * The remote-operation panels of a controller's service pages: the diagnostic service shows the diagnostics and,
 * under them, the metrics chart; the control service shows the terminal.
 */
export function operationPanels(controllerId: string): ServicePanelElements {
  return {
    [serviceIds.diagnostic]: (
      <Flex vertical gap={16}>
        <DiagnosticsPanel controllerId={controllerId} serviceId={serviceIds.diagnostic} />
        <MetricsChart controllerId={controllerId} />
      </Flex>
    ),
    [serviceIds.control]: <TerminalPanel controllerId={controllerId} />,
  };
}
