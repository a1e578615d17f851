import type { BacnetDevice, DeviceInput } from '@syrx/contracts/devices';
import type { DiscoveredDevice } from '@syrx/contracts/realtime';

/** One device found by discovery: the same instance at the same address counts once. */
export const discoveredKey = (d: DiscoveredDevice): string => `${d.InstanceNumber}|${d.MacAddress}|${d.DestinationNetwork}|${d.DestinationMacAddress}`;

/** Adds newly heard devices in arrival order, without repeats. */
export function mergeDiscovered(list: readonly DiscoveredDevice[], heard: readonly DiscoveredDevice[]): DiscoveredDevice[] {
  const keys = new Set(list.map(discoveredKey));
  const added = heard.filter((d) => {
    const k = discoveredKey(d);
    if (keys.has(k)) return false;
    keys.add(k);
    return true;
  });
  return added.length === 0 ? [...list] : [...list, ...added];
}

/** Device instances are unique on a BACnet internetwork, so a controller knows a device by its instance number. */
export const knownInstances = (devices: readonly Pick<BacnetDevice, 'instance_number'>[]): ReadonlySet<number> =>
  new Set(devices.map((d) => d.instance_number));

/** The device to submit for a discovered one. */
export const discoveredInput = (d: DiscoveredDevice): DeviceInput => ({
  mac_address: d.MacAddress,
  network: d.Network,
  instance_number: d.InstanceNumber,
  destination_mac_address: d.DestinationMacAddress,
  destination_network: d.DestinationNetwork,
});

/** "3 devices" / "1 device". */
export const countOf = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
