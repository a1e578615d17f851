import { useState } from 'react';
import { Spin, Table, Tag, Typography } from 'antd';
import type { BacnetDevice } from '@syrx/contracts/devices';
import { useReloadDevices } from '../hooks/use-reload-devices';
import { countOf } from '../utils/discovery';
import { deviceLabel, deviceMac } from '../utils/device-status';
import type { ReloadResult } from '../utils/reload-results';
import { useReadingWhileOpen } from '../hooks/use-dialog-run';
import { DialogFrame } from './dialog-frame';

function Outcome({ result }: { result: ReloadResult | undefined }) {
  if (!result || result.state === 'reading') return <Spin size="small" aria-label="Reading" />;
  if (result.state === 'unavailable') return <Tag color="red" title={result.error}>unavailable</Tag>;
  return <Tag color="green">available</Tag>;
}

/** Reload devices: read each chosen device's properties through the agent, review, and save them. */
export function ReloadDevicesDialog({ controllerId, devices: shown, onClose }: { controllerId: string; devices: readonly BacnetDevice[]; onClose: () => void }) {
  // The devices as they were when the dialog opened: a refreshed grid must not restart the reading.
  const [devices] = useState(shown);
  const reload = useReloadDevices(controllerId, devices);
  const close = useReadingWhileOpen(reload, onClose);

  const read = (d: BacnetDevice) => {
    const r = reload.results.get(d.id);
    return r?.state === 'available' ? r.properties : undefined;
  };
  const columns = [
    { title: 'Device', key: 'device', render: (_: unknown, d: BacnetDevice) => `${deviceLabel(d)} (${d.instance_number})` },
    { title: 'MAC address', key: 'mac', render: (_: unknown, d: BacnetDevice) => deviceMac(d) },
    { title: 'Result', key: 'result', render: (_: unknown, d: BacnetDevice) => <Outcome result={reload.results.get(d.id)} /> },
    { title: 'Name read', key: 'name', render: (_: unknown, d: BacnetDevice) => read(d)?.name ?? '' },
    { title: 'Vendor read', key: 'vendor', render: (_: unknown, d: BacnetDevice) => read(d)?.vendor_name ?? '' },
  ];
  return (
    <DialogFrame title="Reload devices" state={reload.state} onSubmit={reload.submit} onClose={close} submittable={devices.length > 0}>
      <Typography.Text>{`${countOf(devices.length, 'device')} to reload`}</Typography.Text>
      <Table<BacnetDevice> rowKey="id" size="small" columns={columns} dataSource={[...devices]} pagination={false} scroll={{ y: 260 }} />
    </DialogFrame>
  );
}
