import type { BacnetDevice, DeviceStatus } from '@syrx/contracts/devices';
import { hasDestination, macWithNetwork } from '@syrx/contracts/bacnet';

export type DeviceActionKind = 'reload-device' | 'ignore' | 'reload-points' | 'unignore';

/**
 * The actions a device offers in its status (spec 01 section 4): reload and ignore in unknown, available,
 * unavailable and pending; reload points only when available; unignore only when ignored.
 */
export function actionsFor(status: DeviceStatus): DeviceActionKind[] {
  switch (status) {
    case 'available':
      return ['reload-device', 'reload-points', 'ignore'];
    case 'unknown':
    case 'unavailable':
    case 'pending':
      return ['reload-device', 'ignore'];
    case 'ignored':
      return ['unignore'];
  }
}

export const actionLabels: Record<DeviceActionKind, string> = {
  'reload-device': 'Reload device',
  'reload-points': 'Reload points',
  ignore: 'Ignore',
  unignore: 'Unignore',
};

export const statusColors: Record<DeviceStatus, string> = {
  available: 'green',
  unavailable: 'red',
  unknown: 'default',
  pending: 'blue',
  ignored: 'orange',
};

/** How the tree and the headings name a device: its name, or "Device {instance}" before it was read. */
export const deviceLabel = (d: Pick<BacnetDevice, 'name' | 'instance_number'>): string =>
  d.name !== null && d.name.trim() !== '' ? d.name : `Device ${d.instance_number}`;

/** The device's MAC address with its network: "10.0.0.5:47808 [0]". */
export const deviceMac = macWithNetwork;

/** The destination (router) address "0b [1100]", or n/a when the device is reached directly. */
export const destinationText = (d: Pick<BacnetDevice, 'destination_mac_address' | 'destination_network'>): string =>
  hasDestination(d) ? `${d.destination_mac_address} [${d.destination_network}]` : 'n/a';
