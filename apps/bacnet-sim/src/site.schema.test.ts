import { describe, expect, it } from 'vitest';
import { parseSite, SiteFileError } from './site-loader.ts';
import type { SiteInput } from './site.schema.ts';

const minimalSite = (): SiteInput => ({
  name: 'Test site',
  devices: [
    {
      instance: 10,
      name: 'AHU-9',
      vendorName: 'Delta Controls',
      vendorId: 8,
      modelName: 'AHU controller',
      address: { ip: '127.0.90.11' },
      objects: [{ type: 'analog-input', instance: 1, name: 'AHU-9 Supply Air Temp', units: 'degrees-fahrenheit', value: { kind: 'sine', min: 54, max: 57, periodSeconds: 600 } }],
    },
  ],
});

function issuesOf(site: unknown): string[] {
  try {
    parseSite(site, 'test.json');
  } catch (error) {
    if (error instanceof SiteFileError) return error.issues;
    throw error;
  }
  throw new Error('the site was accepted');
}

describe('site schema', () => {
  it('accepts a minimal site and fills the defaults', () => {
    const site = parseSite(minimalSite());
    const [device] = site.devices;
    expect(device).toMatchObject({ maxApdu: 1476, supportsRpm: true, supportsCov: true, databaseRevision: 1, address: { ip: '127.0.90.11', port: 47808 } });
    expect(site.routers).toEqual([]);
    expect(device?.objects[0]).toMatchObject({ description: '', outOfService: false });
  });

  it('names each bad field with the device and object it belongs to', () => {
    const site = minimalSite();
    const object = site.devices[0]?.objects?.[0];
    if (object) object.units = 'degF';
    expect(issuesOf(site)).toEqual([
      'devices[0] (AHU-9).objects[0] (AHU-9 Supply Air Temp).units: unknown engineering unit; use a name such as "degrees-fahrenheit", "inches-of-water", "percent", or the enumeration number',
    ]);
  });

  it('lists every problem at once', () => {
    const issues = issuesOf({
      name: '',
      devices: [
        {
          instance: -1,
          name: 'X',
          vendorName: 'V',
          vendorId: 1,
          modelName: 'M',
          address: { ip: '127.0.0.1', port: 47808 },
          objects: [{ type: 'multi-state-value', instance: 1, name: 'Mode', units: 'percent' }],
        },
      ],
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^name: /),
        expect.stringMatching(/^devices\[0\] \(X\)\.instance: /),
        expect.stringMatching(/^devices\[0\] \(X\)\.address: 127\.0\.0\.1:47808 is treated as "self"/),
        'devices[0] (X).objects[0] (Mode).units: units applies only to analog objects',
        'devices[0] (X).objects[0] (Mode).stateTexts: multi-state objects need stateTexts (one text per state)',
      ]),
    );
  });

  it('checks instances, addresses, networks and MACs across the site', () => {
    const base = minimalSite().devices[0];
    const routed = { ...base, objects: [], address: undefined, network: 7, mac: 3 };
    const issues = issuesOf({
      name: 'Site',
      routers: [{ name: 'RTR-1', address: { ip: '127.0.90.2' }, network: 7 }],
      devices: [
        base,
        { ...base, objects: [], name: 'Twin' },
        { ...routed, instance: 20, name: 'VAV-1' },
        { ...routed, instance: 21, name: 'VAV-2' },
        { ...routed, instance: 22, name: 'VAV-3', network: 8 },
        { ...routed, instance: 23, name: 'Both', address: { ip: '127.0.90.30' } },
      ],
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        'devices[1] (Twin).instance: device instance 10 is already used by devices[0]',
        'devices[1] (Twin).address: 127.0.90.11:47808 is already the address of devices[0]; give each device its own address',
        'devices[3] (VAV-2).mac: MAC 3 on network 7 is already used by devices[2]',
        'devices[4] (VAV-3).network: no router in this site serves network 8',
        'devices[5] (Both).address: give either address (a device on the IP network) or network and mac (a device behind a router)',
      ]),
    );
  });

  it('refuses duplicate object names and group names without {n}', () => {
    const site = minimalSite();
    const device = site.devices[0];
    if (device) {
      device.objects = [...(device.objects ?? []), { type: 'analog-value', instance: 1, name: 'AHU-9 Supply Air Temp' }];
      device.objectGroups = [{ type: 'binary-input', firstInstance: 1, count: 3, name: 'Alarm' }];
    }
    expect(issuesOf(site)).toEqual([
      'devices[0] (AHU-9).objectGroups[0] (Alarm).name: a group name must contain {n} so that each object gets a unique name',
      'devices[0] (AHU-9).objects: object name "AHU-9 Supply Air Temp" is used twice (object names are unique within a device)',
      'devices[0] (AHU-9).objects: object name "Alarm" is used twice (object names are unique within a device)',
    ]);
  });

  it('rejects unknown fields (a typo should not be ignored silently)', () => {
    const site = { ...minimalSite(), routerz: [] };
    expect(issuesOf(site)).toEqual([expect.stringContaining('routerz')]);
  });
});
