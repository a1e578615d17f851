import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { Link, Navigate, type RouteObject, useLocation, useParams } from 'react-router';
import { serviceIds } from '@syrx/contracts/services';
import { ServiceDetail } from '../features/controllers/components/service-detail';
import { areaBase, oldAreaBase } from '../features/controllers/utils/area-paths';
import { AddDevicePage } from '../features/devices/components/add-device-page';
import { DeviceDetail } from '../features/devices/components/device-detail';
import { DeviceHeading } from '../features/devices/components/device-heading';
import { DeviceList } from '../features/devices/components/device-list';
import { OlderDeviceList } from '../features/devices/components/older-device-list';
import { PointPickerTree } from '../features/points/components/point-picker-tree';
import { PointsGrid } from '../features/points/components/points-grid';
import { ReportingPointsPanel } from '../features/points/components/reporting-points-panel';
import { QueryConsole } from '../features/query-console/components/query-console';
import { operationPanels } from './operations-screens';
import { pressurePanel } from './pressure-control-screens';

const useControllerId = (): string => useParams().syrxControllerId ?? '';
const enc = encodeURIComponent;

/** A device id from the path, or null when the segment is no device id. */
function useDeviceId(): number | null {
  const segment = useParams().syrxControllerBacnetDeviceId ?? '';
  return /^\d+$/.test(segment) ? Number(segment) : null;
}

/** Renders a device's screen, or goes to the device list when the path names no device. */
function WithDevice({ render }: { render: (controllerId: string, deviceId: number) => ReactNode }) {
  const controllerId = useControllerId();
  const deviceId = useDeviceId();
  return deviceId === null ? <Navigate to={`${areaBase}/${enc(controllerId)}/devices`} replace /> : <>{render(controllerId, deviceId)}</>;
}

const Devices = () => <DeviceList controllerId={useControllerId()} />;
const OlderDevices = () => <OlderDeviceList controllerId={useControllerId()} />;
const Device = () => <WithDevice render={(c, d) => <DeviceDetail key={d} controllerId={c} deviceId={d} />} />;

function AddDevice() {
  const id = useControllerId();
  return <AddDevicePage controllerId={id} returnTo={`${areaBase}/${enc(id)}/devices`} />;
}

/** The older area's add screen returns to the BACnet query service page it was opened from. */
function OlderAddDevice() {
  const id = useControllerId();
  const serviceId = useParams().serviceId ?? serviceIds.query;
  return <AddDevicePage controllerId={id} returnTo={`${oldAreaBase}/${enc(id)}/services/${enc(serviceId)}`} />;
}

const DevicePoints = () => (
  <WithDevice
    render={(c, d) => (
      <Flex vertical gap={12} key={d}>
        <DeviceHeading controllerId={c} deviceId={d} title="Points" />
        <PointsGrid scope={{ controllerId: c, deviceId: d }} />
      </Flex>
    )}
  />
);

function ControllerPoints() {
  const id = useControllerId();
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        BACnet points
      </Typography.Title>
      <PointsGrid scope={{ controllerId: id }} />
    </Flex>
  );
}

/**
 * A service's page, with the query console (and its point picker) as the query service's panel, the points
 * selected for reporting as the reporting service's, and the diagnostics, metrics and terminal panels. Its "Add
 * device" stays in the area it is in: the older area has its own add screen, which returns to this page.
 */
export function ServiceWithPanels() {
  const id = useControllerId();
  const serviceId = useParams().serviceId ?? '';
  const { pathname } = useLocation();
  const addDevice = pathname.startsWith(`${oldAreaBase}/`) ? `${pathname.replace(/\/+$/, '')}/devices/add` : `${areaBase}/${enc(id)}/devices/add`;
  const queryConsole = (
    <QueryConsole
      controllerId={id}
      renderPointPicker={(onPick) => <PointPickerTree controllerId={id} onPick={onPick} />}
      actions={<Link to={addDevice}>Add device</Link>}
    />
  );
  const panels = { ...operationPanels(id), [serviceIds.query]: queryConsole, [serviceIds.reporting]: <ReportingPointsPanel controllerId={id} />, [serviceIds.pressure]: pressurePanel(id) };
  return <ServiceDetail key={`${id}/${serviceId}`} id={id} serviceId={serviceId} panels={panels} />;
}

/** The device and point screens of a controller (spec 01 section 2). */
export const bacnetScreens: RouteObject[] = [
  { path: 'devices', element: <Devices /> },
  { path: 'devices-old', element: <OlderDevices /> },
  { path: 'devices/add', element: <AddDevice /> },
  { path: 'devices/:syrxControllerBacnetDeviceId', element: <Device /> },
  { path: 'devices/:syrxControllerBacnetDeviceId/points', element: <DevicePoints /> },
  { path: 'points', element: <ControllerPoints /> },
];

/** The older area's device-add screen under the query service. */
export const olderBacnetScreens: RouteObject[] = [{ path: 'services/:serviceId/devices/add', element: <OlderAddDevice /> }];
