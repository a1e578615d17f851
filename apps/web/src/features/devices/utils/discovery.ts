import type { BacnetDevice, DeviceInput } from '@syrx/contracts/devices';
import { type DiscoveredDevice, discoveryDefaults } from '@syrx/contracts/realtime';

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

/** When a discovery ends: after `quietSeconds` with no new device, at `maxSeconds` at the latest. */
export interface DiscoveryTiming {
  quietSeconds: number;
  maxSeconds: number;
}

export const defaultDiscoveryTiming: DiscoveryTiming = { quietSeconds: discoveryDefaults.quietSeconds, maxSeconds: discoveryDefaults.maxSeconds };

/** The discovery form's two fields as typed: the timing, or the message naming the field that is wrong. */
export function parseDiscoveryTiming(quiet: string, max: string): { ok: true; timing: DiscoveryTiming } | { ok: false; message: string } {
  const q = Number(quiet.trim());
  const m = Number(max.trim());
  if (quiet.trim() === '' || !Number.isFinite(q) || q < 0.1 || q > 60) return { ok: false, message: 'Quiet period: 0.1 to 60 seconds' };
  if (max.trim() === '' || !Number.isInteger(m) || m < 1 || m > 60) return { ok: false, message: 'Maximum: a whole number of seconds, 1 to 60' };
  return { ok: true, timing: { quietSeconds: q, maxSeconds: m } };
}
