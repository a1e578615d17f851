import type { Logger } from './logger.ts';
import { SimDevice } from './model/sim-device.ts';
import { Bbmd } from './net/bbmd.ts';
import { IpNode } from './net/ip-node.ts';
import { Router } from './net/router.ts';
import type { DeviceContext, DeviceLink } from './protocol/device-link.ts';
import { DeviceService } from './protocol/device-service.ts';
import { encodeFrame, peerKey, type UdpPeer } from './protocol/frame.ts';
import type { Site } from './site.schema.ts';

export interface DeviceEntry {
  service: DeviceService;
  node: IpNode;
  network: number | undefined;
  mac: number | undefined;
}

export interface SiteNetwork {
  nodes: IpNode[];
  devices: DeviceEntry[];
  routers: { router: Router; node: IpNode }[];
  bbmd: { bbmd: Bbmd; node: IpNode } | undefined;
}

/** Lays the site out as IP nodes (one per address) with their devices, routers and BBMD. Nothing is bound yet. */
export function buildSiteNetwork(site: Site, context: DeviceContext): SiteNetwork {
  const { logger } = context;
  const nodes = new Map<string, IpNode>();
  const nodeAt = (address: UdpPeer, name: string) => {
    const key = peerKey(address);
    const node = nodes.get(key) ?? new IpNode({ ip: address.ip, port: address.port }, logger);
    nodes.set(key, node);
    node.names.push(name);
    return node;
  };

  const routers = site.routers.map((definition) => {
    const node = nodeAt(definition.address, definition.name);
    const router = new Router(definition.name, definition.network, definition.forwardLocalBroadcasts, logger);
    node.roles.router = router;
    return { router, node };
  });

  const devices = site.devices.map((definition): DeviceEntry => {
    const model = new SimDevice(definition);
    if (definition.address) {
      const node = nodeAt(definition.address, definition.name);
      const service = new DeviceService(model, directLink(node), context);
      node.roles.device = service;
      return { service, node, network: undefined, mac: undefined };
    }
    const behind = routers.find((r) => r.router.network === definition.network);
    if (!behind || definition.mac === undefined) throw new Error(`${definition.name}: no router serves network ${definition.network}`);
    const service = new DeviceService(model, behind.router.linkFor(definition.mac, behind.node), context);
    behind.router.attach(definition.mac, service);
    return { service, node: behind.node, network: definition.network, mac: definition.mac };
  });

  const bbmd = site.bbmd && buildBbmd(site.bbmd, nodeAt, () => [...nodes.values()].map((n) => n.address), context.now, logger);
  return { nodes: [...nodes.values()], devices, routers, bbmd };
}

function directLink(node: IpNode): DeviceLink {
  return { send: (to, apdu, expectingReply) => node.send(encodeFrame({ destination: to.station, apdu, expectingReply }), to) };
}

function buildBbmd(
  definition: NonNullable<Site['bbmd']>,
  nodeAt: (address: UdpPeer, name: string) => IpNode,
  siteNodes: () => UdpPeer[],
  now: () => number,
  logger: Logger,
): { bbmd: Bbmd; node: IpNode } {
  const node = nodeAt(definition.address, definition.name);
  const self = { ...definition.address, mask: '255.255.255.255' };
  const bdt = definition.bdt.some((e) => peerKey(e) === peerKey(self)) ? definition.bdt : [self, ...definition.bdt];
  const bbmd = new Bbmd(definition.name, definition.address, bdt, siteNodes, now, logger);
  node.roles.bbmd = bbmd;
  return { bbmd, node };
}
