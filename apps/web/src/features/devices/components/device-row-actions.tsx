import type { BacnetDevice } from '@syrx/contracts/devices';
import { RowActions } from '../../../components/row-actions';
import type { DeviceAction } from '../api/device-actions';
import { type DeviceActionKind, actionLabels, actionsFor, deviceLabel } from '../utils/device-status';

interface DeviceRowActionsProps {
  device: BacnetDevice;
  /** Set while the server socket or the agent is down: every action is disabled with this title. */
  inactiveTitle: string | undefined;
  running: readonly DeviceAction[];
  onAction: (action: DeviceAction) => void;
  /** Space is short: the actions are in a menu. */
  compact: boolean;
}

/** The actions a device's status offers, each showing a spinner while it runs; one at a time per device. */
export function DeviceRowActions({ device, inactiveTitle, running, onAction, compact }: DeviceRowActionsProps) {
  const busy = (kind: DeviceActionKind) => running.some((a) => a.deviceId === device.id && a.kind === kind);
  const anyBusy = running.some((a) => a.deviceId === device.id);
  const actions = actionsFor(device.status).map((kind) => ({
    key: kind,
    label: actionLabels[kind],
    loading: busy(kind),
    disabled: anyBusy && !busy(kind),
    onClick: () => onAction({ kind, deviceId: device.id }),
  }));
  return <RowActions actions={actions} compact={compact} rowLabel={deviceLabel(device)} inactiveTitle={inactiveTitle} />;
}
