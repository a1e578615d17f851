import { Button, Space } from 'antd';
import type { BacnetDevice } from '@syrx/contracts/devices';
import type { DeviceAction } from '../api/device-actions';
import { type DeviceActionKind, actionLabels, actionsFor } from '../utils/device-status';

interface DeviceRowActionsProps {
  device: BacnetDevice;
  /** Set while the server socket or the agent is down: every action is disabled with this title. */
  inactiveTitle: string | undefined;
  running: readonly DeviceAction[];
  onAction: (action: DeviceAction) => void;
}

/** The actions a device's status offers, each showing a spinner while it runs. */
export function DeviceRowActions({ device, inactiveTitle, running, onAction }: DeviceRowActionsProps) {
  const busy = (kind: DeviceActionKind) => running.some((a) => a.deviceId === device.id && a.kind === kind);
  const anyBusy = running.some((a) => a.deviceId === device.id);
  return (
    // Clicks here act on the device; they must not also open its page.
    <Space size={4} wrap onClick={(e) => e.stopPropagation()}>
      {actionsFor(device.status).map((kind) => (
        <Button
          key={kind}
          size="small"
          loading={busy(kind)}
          disabled={inactiveTitle !== undefined || (anyBusy && !busy(kind))}
          title={inactiveTitle}
          onClick={() => onAction({ kind, deviceId: device.id })}
        >
          {actionLabels[kind]}
        </Button>
      ))}
    </Space>
  );
}
