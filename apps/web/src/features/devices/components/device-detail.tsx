import { type ReactNode, useState } from 'react';
import { Button, Card, Descriptions, Flex, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { BacnetDevice } from '@syrx/contracts/devices';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { useAgentConnection } from '../../../lib/realtime/realtime-provider';
import { useDevice } from '../api/devices';
import { useRunDeviceAction } from '../hooks/use-run-device-action';
import { destinationText, deviceLabel, deviceMac } from '../utils/device-status';
import { devicePaths } from '../utils/device-paths';
import { DeviceLoadFailed, DeviceLoading } from './device-load-state';
import { PointChanges } from './point-changes';
import { ReloadPointsDialog } from './reload-points-dialog';
import { StatusTag } from './status-tag';

const detailItems = (d: BacnetDevice) => {
  const rows: [string, ReactNode][] = [
    ['Id', d.id],
    ['MAC address', deviceMac(d)],
    ['Destination address', destinationText(d)],
    ['Instance number', d.instance_number],
    ['Device name', d.name ?? ''],
    ['Description', d.description ?? ''],
    ['Vendor name', d.vendor_name ?? ''],
    ['First available', formatOptionalDateTime(d.first_available_on)],
    ['Last available', formatOptionalDateTime(d.last_available_on)],
    ['Last unavailable', formatOptionalDateTime(d.last_unavailable_on)],
    ['Last discovery attempt', formatOptionalDateTime(d.last_discovery_attempt)],
    ['Status', <StatusTag key="status" status={d.status} />],
  ];
  return rows.map(([label, children]) => ({ key: label, label, children }));
};

/** …/devices/{deviceId}: the device's details, its actions and its recent point changes. */
export function DeviceDetail({ controllerId, deviceId }: { controllerId: string; deviceId: number }) {
  const navigate = useNavigate();
  const paths = devicePaths(controllerId);
  const device = useDevice(controllerId, deviceId);
  const connection = useAgentConnection(controllerId);
  const { run, running } = useRunDeviceAction(controllerId);
  const [reloadingPoints, setReloadingPoints] = useState(false);

  if (device.isPending) return <DeviceLoading />;
  if (device.isError) return <DeviceLoadFailed controllerId={controllerId} error={device.error} />;
  const d = device.data;
  const busy = (kind: string) => running.some((a) => a.deviceId === d.id && a.kind === kind);
  const ignored = d.status === 'ignored';
  const inactive = connection.inactiveTitle;
  const pointsTitle = inactive ?? (d.status === 'available' ? undefined : 'Points can be reloaded only from an available device');

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {deviceLabel(d)}
      </Typography.Title>
      <Space wrap>
        <Button disabled={ignored || inactive !== undefined} title={inactive} loading={busy('reload-device')} onClick={() => run({ kind: 'reload-device', deviceId: d.id }, d)}>
          Reload device
        </Button>
        <Button disabled={pointsTitle !== undefined} title={pointsTitle} onClick={() => setReloadingPoints(true)}>
          Reload points
        </Button>
        <Button loading={busy('ignore') || busy('unignore')} onClick={() => run({ kind: ignored ? 'unignore' : 'ignore', deviceId: d.id }, d)}>
          {ignored ? 'Unignore' : 'Ignore'}
        </Button>
        <Button type="primary" onClick={() => void navigate(paths.points(d.id))}>
          Points
        </Button>
      </Space>
      <Descriptions bordered size="small" column={1} items={detailItems(d)} />
      <Card size="small" title="Recent point changes">
        <PointChanges controllerId={controllerId} deviceId={d.id} />
      </Card>
      {reloadingPoints && <ReloadPointsDialog controllerId={controllerId} device={d} onClose={() => setReloadingPoints(false)} />}
    </Flex>
  );
}
