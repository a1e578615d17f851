import { describe, expect, it } from 'vitest';
import { parseSite } from './site-loader.ts';
import { rebaseSite, siteBaseAddress } from './site-address.ts';

const site = parseSite({
  name: 'S',
  baseAddress: '127.0.10.0',
  bbmd: { address: { ip: '127.0.10.1' }, bdt: [{ ip: '127.0.10.1' }] },
  routers: [{ name: 'R', address: { ip: '127.0.10.2' }, network: 5 }],
  devices: [
    { instance: 1, name: 'A', vendorName: 'V', vendorId: 1, modelName: 'M', address: { ip: '127.0.10.11', port: 47809 } },
    { instance: 2, name: 'B', vendorName: 'V', vendorId: 1, modelName: 'M', network: 5, mac: 1 },
  ],
});

describe('rebaseSite', () => {
  it('moves every address by the same offset, ports unchanged', () => {
    const moved = rebaseSite(site, '127.0.20.0');
    expect(moved.devices[0]?.address).toEqual({ ip: '127.0.20.11', port: 47809 });
    expect(moved.devices[1]?.address).toBeUndefined();
    expect(moved.routers[0]?.address.ip).toBe('127.0.20.2');
    expect(moved.bbmd?.address.ip).toBe('127.0.20.1');
    expect(moved.bbmd?.bdt[0]?.ip).toBe('127.0.20.1');
    expect(siteBaseAddress(moved)).toBe('127.0.20.0');
  });

  it('crosses octet boundaries and refuses to land on 127.0.0.1:47808', () => {
    expect(rebaseSite(site, '127.0.255.250').devices[0]?.address?.ip).toBe('127.1.0.5');
    const atOne = parseSite({ ...site, baseAddress: undefined, bbmd: undefined, routers: [], devices: [{ ...site.devices[0], address: { ip: '127.0.10.1' } }] });
    expect(() => rebaseSite(atOne, '127.0.0.0')).toThrow(/127\.0\.0\.1:47808/);
  });
});
