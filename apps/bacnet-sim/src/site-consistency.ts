import type { z } from 'zod';
import type { BbmdDefinition, DeviceDefinition, RouterDefinition } from './site.schema.ts';
import { deviceObjects } from './model/object-groups.ts';

interface SiteParts {
  devices: DeviceDefinition[];
  routers: RouterDefinition[];
  bbmd?: BbmdDefinition | undefined;
}

const addressKey = (a: { ip: string; port: number }) => `${a.ip}:${a.port}`;

/** Rules that span several entries of a site: unique instances, names, addresses, networks and MACs. */
export function checkSiteConsistency(site: SiteParts, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });

  const instances = new Map<number, number>();
  const devicesAt = new Map<string, number>();
  site.devices.forEach((device, i) => {
    const first = instances.get(device.instance);
    if (first !== undefined) issue(['devices', i, 'instance'], `device instance ${device.instance} is already used by devices[${first}]`);
    else instances.set(device.instance, i);
    if (device.address) {
      const key = addressKey(device.address);
      const other = devicesAt.get(key);
      if (other !== undefined) issue(['devices', i, 'address'], `${key} is already the address of devices[${other}]; give each device its own address`);
      else devicesAt.set(key, i);
    }
    checkObjects(device, (path, message) => issue(['devices', i, ...path], message));
  });

  const networks = new Map<number, number>();
  const routersAt = new Set<string>();
  site.routers.forEach((router, r) => {
    if (networks.has(router.network)) issue(['routers', r, 'network'], `network ${router.network} is already behind routers[${networks.get(router.network)}]`);
    else networks.set(router.network, r);
    const key = addressKey(router.address);
    if (routersAt.has(key)) issue(['routers', r, 'address'], `another router already uses ${key}`);
    routersAt.add(key);
  });

  const macs = new Map<string, number>();
  site.devices.forEach((device, i) => {
    if (device.network === undefined || device.mac === undefined) return;
    if (!networks.has(device.network)) issue(['devices', i, 'network'], `no router in this site serves network ${device.network}`);
    const key = `${device.network}/${device.mac}`;
    const other = macs.get(key);
    if (other !== undefined) issue(['devices', i, 'mac'], `MAC ${device.mac} on network ${device.network} is already used by devices[${other}]`);
    else macs.set(key, i);
  });
}

function checkObjects(device: DeviceDefinition, issue: (path: (string | number)[], message: string) => void): void {
  const ids = new Set<string>();
  const names = new Set<string>([device.name]);
  const reported = new Set<string>();
  const report = (message: string) => {
    // Once each, and a few at most: an overlapping group would otherwise list thousands.
    if (reported.size < 5 && !reported.has(message)) issue(['objects'], message);
    reported.add(message);
  };
  for (const object of deviceObjects(device)) {
    const id = `${object.type}:${object.instance}`;
    if (ids.has(id)) report(`object ${object.type} ${object.instance} is defined twice`);
    if (names.has(object.name)) report(`object name "${object.name}" is used twice (object names are unique within a device)`);
    ids.add(id);
    names.add(object.name);
  }
}
