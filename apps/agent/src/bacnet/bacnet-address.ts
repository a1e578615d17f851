import type { BACNetAddress } from '@bacnet-js/client';

/**
 * How the console writes BACnet addresses: a BACnet/IP MAC as "ip:port"; any other MAC (a device behind a
 * router, DADR) as hex bytes "0b" or "0a:1f". Network 0 and no destination mean a local device.
 */
export interface DeviceAddress {
  macAddress: string;
  network: number;
  destinationMacAddress?: string | null | undefined;
  destinationNetwork?: number | null | undefined;
}

export function macToBytes(mac: string): number[] {
  const ip = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?::(\d{1,5}))?$/.exec(mac.trim());
  if (ip) {
    const port = Number(ip[5] ?? 47808);
    return [Number(ip[1]), Number(ip[2]), Number(ip[3]), Number(ip[4]), port >> 8, port & 0xff];
  }
  const hex = mac.trim().replace(/^0x/i, '').split(/[:\s-]/).filter(Boolean);
  if (hex.length === 0 || hex.some((h) => !/^[0-9a-f]{1,2}$/i.test(h))) throw new Error(`Not a MAC address: ${mac}`);
  return hex.map((h) => parseInt(h, 16));
}

export function bytesToMac(bytes: readonly number[]): string {
  if (bytes.length === 6) return `${bytes.slice(0, 4).join('.')}:${((bytes[4] ?? 0) << 8) | (bytes[5] ?? 0)}`;
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/** The library's receiver for a device: its IP address, plus DNET/DADR when it sits behind a router. */
export function toReceiver(a: DeviceAddress): BACNetAddress {
  const ip = withPort(a.macAddress);
  const dnet = a.destinationNetwork ?? 0;
  if (!dnet || !a.destinationMacAddress || a.destinationMacAddress === '0.0.0.0:0') return { address: ip };
  return { address: ip, net: dnet, adr: macToBytes(a.destinationMacAddress) };
}

/** "ip:port" for an address the library gives without its port when it is the default 47808. */
export function withPort(address: string): string {
  return address.includes(':') ? address : `${address}:47808`;
}

/**
 * A stable key per device (for per-peer limits and what is known of a peer), the same for a receiver built by
 * toReceiver and for the sender of an I-Am (which may have been forwarded by a BBMD, and lacks the default port).
 */
export function peerKey(a: BACNetAddress): string {
  const ip = a.forwardedFrom ?? a.address ?? '';
  const remote = a.net && a.net !== 0xffff && a.adr?.length ? `|${a.net}|${a.adr.join('.')}` : '';
  return `${ip ? withPort(ip) : ''}${remote}`;
}
