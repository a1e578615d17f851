import { lazy, type ReactNode } from 'react';
import { Flex } from 'antd';
import { Link, useLocation, useParams } from 'react-router';
import { serviceIds } from '@syrx/contracts/services';
import { ServiceDetail } from '../features/controllers/components/service-detail';
import type { ServicePanelElements } from '../features/controllers/components/service-panels';
import { areaBase, oldAreaBase } from '../features/controllers/utils/area-paths';
import { Deferred } from './lazy-screen';

// Each service's panel loads with its page: the chart (uPlot), the terminal (xterm), the point tree and the grids
// only on the pages that show them.
const QueryConsole = lazy(() => import('../features/query-console/components/query-console').then((m) => ({ default: m.QueryConsole })));
const PointPickerTree = lazy(() => import('../features/points/components/point-picker-tree').then((m) => ({ default: m.PointPickerTree })));
const ReportingPointsPanel = lazy(() => import('../features/points/components/reporting-points-panel').then((m) => ({ default: m.ReportingPointsPanel })));
const DiagnosticsPanel = lazy(() => import('../features/diagnostics/components/diagnostics-panel').then((m) => ({ default: m.DiagnosticsPanel })));
const MetricsChart = lazy(() => import('../features/metrics/components/metrics-chart').then((m) => ({ default: m.MetricsChart })));
const TerminalPanel = lazy(() => import('../features/terminal/components/terminal-panel').then((m) => ({ default: m.TerminalPanel })));
const QueryMessagesGrid = lazy(() => import('../features/query-messages/components/query-messages-grid').then((m) => ({ default: m.QueryMessagesGrid })));
const PressureStatusPanel = lazy(() => import('../features/pressure-control/components/pressure-status-panel').then((m) => ({ default: m.PressureStatusPanel })));

const enc = encodeURIComponent;

/** The pressure service's page in the current area: its edit routes live there, so both areas' panels lead there. */
export const pressureServicePath = (controllerId: string) => `${areaBase}/${enc(controllerId)}/services/${serviceIds.pressure}`;

/** Two panels, one under the other, each loading on its own. */
function Stacked({ top, bottom }: { top: ReactNode; bottom: ReactNode }) {
  return (
    <Flex vertical gap={16}>
      <Deferred>{top}</Deferred>
      <Deferred>{bottom}</Deferred>
    </Flex>
  );
}

/**
 * The panels of a controller's service pages: the query console (and its point picker) and the query messages grid
 * for the query service, the points selected for reporting for the reporting service, the diagnostics with the
 * metrics chart under them for the diagnostic service, the terminal for the control service and the status of the
 * pressure service.
 */
function servicePanels(controllerId: string, addDevice: string): ServicePanelElements {
  const id = controllerId;
  return {
    [serviceIds.query]: (
      <Stacked
        top={
          <QueryConsole
            controllerId={id}
            renderPointPicker={(onPick) => (
              <Deferred>
                <PointPickerTree controllerId={id} onPick={onPick} />
              </Deferred>
            )}
            actions={<Link to={addDevice}>Add device</Link>}
          />
        }
        bottom={<QueryMessagesGrid controllerId={id} />}
      />
    ),
    [serviceIds.reporting]: (
      <Deferred>
        <ReportingPointsPanel controllerId={id} />
      </Deferred>
    ),
    [serviceIds.diagnostic]: <Stacked top={<DiagnosticsPanel controllerId={id} serviceId={serviceIds.diagnostic} />} bottom={<MetricsChart controllerId={id} />} />,
    [serviceIds.control]: (
      <Deferred>
        <TerminalPanel controllerId={id} />
      </Deferred>
    ),
    [serviceIds.pressure]: (
      <Deferred>
        <PressureStatusPanel controllerId={id} servicePath={pressureServicePath(id)} />
      </Deferred>
    ),
  };
}

/**
 * A service's page in either area, with its panel. Its "Add device" stays in the area it is in: the older area has
 * its own add screen, which returns to this page.
 */
export function ServiceWithPanels() {
  const id = useParams().syrxControllerId ?? '';
  const serviceId = useParams().serviceId ?? '';
  const { pathname } = useLocation();
  const addDevice = pathname.startsWith(`${oldAreaBase}/`) ? `${pathname.replace(/\/+$/, '')}/devices/add` : `${areaBase}/${enc(id)}/devices/add`;
  return <ServiceDetail key={`${id}/${serviceId}`} id={id} serviceId={serviceId} panels={servicePanels(id, addDevice)} />;
}
