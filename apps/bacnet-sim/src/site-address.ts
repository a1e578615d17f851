import type { Site, UdpAddress } from './site.schema.ts';

export function ipToNumber(ip: string): number {
  return ip.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
}

export function numberToIp(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

export const formatAddress = (a: UdpAddress): string => `${a.ip}:${a.port}`;

/** The address the site's addresses count from: its baseAddress, or the x.y.z.0 of its lowest address. */
export function siteBaseAddress(site: Site): string {
  if (site.baseAddress) return site.baseAddress;
  const lowest = Math.min(...siteAddresses(site).map((a) => ipToNumber(a.ip)));
  return numberToIp(lowest - (lowest % 256));
}

function siteAddresses(site: Site): UdpAddress[] {
  return [
    ...site.devices.flatMap((d) => (d.address ? [d.address] : [])),
    ...site.routers.map((r) => r.address),
    ...(site.bbmd ? [site.bbmd.address, ...site.bbmd.bdt] : []),
  ];
}

/**
 * Moves every address of the site by the same offset so that its base becomes `baseAddress`
 * (127.0.10.11 in a site based at 127.0.10.0 becomes 127.0.20.11 with base 127.0.20.0).
 * Parallel test runs use this to keep to distinct address ranges.
 */
export function rebaseSite(site: Site, baseAddress: string): Site {
  const from = ipToNumber(siteBaseAddress(site));
  const to = ipToNumber(baseAddress);
  const move = <A extends UdpAddress>(a: A): A => {
    const offset = ipToNumber(a.ip) - from;
    const moved = to + offset;
    if (offset < 0 || moved > 0xffffffff) throw new RangeError(`cannot move ${a.ip} from base ${numberToIp(from)} to base ${baseAddress}`);
    const ip = numberToIp(moved);
    if (ip === '127.0.0.1' && a.port === 47808) throw new RangeError(`moving the site to ${baseAddress} puts ${a.ip} on 127.0.0.1:47808, which @bacnet-js/client ignores`);
    return { ...a, ip };
  };
  return {
    ...site,
    baseAddress,
    devices: site.devices.map((d) => (d.address ? { ...d, address: move(d.address) } : d)),
    routers: site.routers.map((r) => ({ ...r, address: move(r.address) })),
    bbmd: site.bbmd && { ...site.bbmd, address: move(site.bbmd.address), bdt: site.bbmd.bdt.map(move) },
  };
}
