import { noDestinationMac } from '@syrx/contracts/bacnet';
import type { DiscoveredDevice } from '@syrx/contracts/realtime';
import { bytesToMac, withPort } from '../../bacnet/bacnet-address.ts';
import type { BacnetNetwork, IAm } from '../../bacnet/bacnet-network.ts';

export interface DiscoveryOptions {
  /** A remote network (DNET) to search, or all networks (null). */
  network?: number | null | undefined;
  lowLimit?: number | null | undefined;
  highLimit?: number | null | undefined;
  /** The longest it listens. */
  durationMs: number;
  /** It ends once no new device has answered for this long (from the Who-Is, then from each new device's I-Am). */
  quietMs?: number | undefined;
  /** Through these BBMDs as a foreign device; a local broadcast when none. */
  bbmds: readonly string[];
  signal?: AbortSignal | undefined;
}

/**
 * An I-Am as the console records it: a device behind a router is reached at the router's address (MacAddress, as
 * ip:port, Network 0) with DNET/DADR as DestinationNetwork/DestinationMacAddress.
 */
export function toDiscoveredDevice(i: IAm): DiscoveredDevice {
  const routed = Boolean(i.address.net && i.address.net !== 0xffff && i.address.adr?.length);
  return {
    MacAddress: withPort(i.address.forwardedFrom ?? i.address.address ?? ''),
    Network: 0,
    DestinationMacAddress: routed ? bytesToMac(i.address.adr ?? []) : noDestinationMac,
    DestinationNetwork: routed ? (i.address.net ?? 0) : 0,
    InstanceNumber: i.deviceId,
  };
}

/**
 * Who-Is, then each device once, as its I-Am arrives (onDevice), until no new device has answered for the quiet
 * period, the time is up or the signal aborts; resolves with all of them.
 */
export async function discoverDevices(net: BacnetNetwork, o: DiscoveryOptions, onDevice: (d: DiscoveredDevice) => void): Promise<DiscoveredDevice[]> {
  const found = new Map<string, DiscoveredDevice>();
  const quiet = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const listenOn = () => {
    clearTimeout(timer);
    if (o.quietMs !== undefined) timer = setTimeout(() => quiet.abort(), o.quietMs);
  };
  const signal = o.signal ? AbortSignal.any([o.signal, quiet.signal]) : quiet.signal;
  listenOn();
  try {
    await net.whoIs({ network: o.network, lowLimit: o.lowLimit, highLimit: o.highLimit, bbmds: o.bbmds, durationMs: o.durationMs, signal }, (i) => {
      const device = toDiscoveredDevice(i);
      const key = `${device.InstanceNumber}|${device.MacAddress}|${device.DestinationNetwork}|${device.DestinationMacAddress}`;
      if (found.has(key)) return;
      found.set(key, device);
      listenOn();
      onDevice(device);
    });
  } finally {
    clearTimeout(timer);
  }
  return [...found.values()];
}
