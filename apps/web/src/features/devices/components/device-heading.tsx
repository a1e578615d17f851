import { Breadcrumb, Typography } from 'antd';
import { Link } from 'react-router';
import { useDevice } from '../api/devices';
import { deviceLabel } from '../utils/device-status';
import { devicePaths } from '../utils/device-paths';
import { DeviceLoadFailed } from './device-load-state';

/** The heading of a device's points page: the device, with links back to it and to the device list. */
export function DeviceHeading({ controllerId, deviceId, title }: { controllerId: string; deviceId: number; title: string }) {
  const paths = devicePaths(controllerId);
  const device = useDevice(controllerId, deviceId);
  if (device.isError) return <DeviceLoadFailed controllerId={controllerId} error={device.error} />;
  const name = device.data ? deviceLabel(device.data) : `Device ${deviceId}`;
  return (
    <>
      <Breadcrumb items={[{ title: <Link to={paths.list}>Devices</Link> }, { title: <Link to={paths.device(deviceId)}>{name}</Link> }, { title }]} />
      <Typography.Title level={3} style={{ margin: 0 }}>{`${title} of ${name}`}</Typography.Title>
    </>
  );
}
