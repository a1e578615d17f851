import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { Navigate, useParams } from 'react-router';
import { serviceIds } from '@syrx/contracts/services';
import { areaBase, oldAreaBase } from '../features/controllers/utils/area-paths';
import { AddDevicePage } from '../features/devices/components/add-device-page';
import { DeviceDetail } from '../features/devices/components/device-detail';
import { DeviceHeading } from '../features/devices/components/device-heading';
import { DeviceList } from '../features/devices/components/device-list';
import { OlderDeviceList } from '../features/devices/components/older-device-list';
import { PointsGrid } from '../features/points/components/points-grid';

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

export const Devices = () => <DeviceList controllerId={useControllerId()} />;
export const OlderDevices = () => <OlderDeviceList controllerId={useControllerId()} />;
export const Device = () => <WithDevice render={(c, d) => <DeviceDetail key={d} controllerId={c} deviceId={d} />} />;

export function AddDevice() {
  const id = useControllerId();
  return <AddDevicePage controllerId={id} returnTo={`${areaBase}/${enc(id)}/devices`} />;
}

/** The older area's add screen returns to the BACnet query service page it was opened from. */
export function OlderAddDevice() {
  const id = useControllerId();
  const serviceId = useParams().serviceId ?? serviceIds.query;
  return <AddDevicePage controllerId={id} returnTo={`${oldAreaBase}/${enc(id)}/services/${enc(serviceId)}`} />;
}

export const DevicePoints = () => (
  <WithDevice
    render={(c, d) => (
      <Flex vertical gap={12} key={d}>
        <DeviceHeading controllerId={c} deviceId={d} title="Points" />
        <PointsGrid scope={{ controllerId: c, deviceId: d }} />
      </Flex>
    )}
  />
);

export function ControllerPoints() {
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
