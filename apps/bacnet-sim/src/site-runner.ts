import type { BACNetObjectID } from '@bacnet-js/client';
import { objectTypeNumbers, type ObjectTypeName } from './bacnet-names.ts';
import { silentLogger, type Logger } from './logger.ts';
import type { SimDevice } from './model/sim-device.ts';
import { describeBindFailures, SiteBindError } from './net/udp-endpoint.ts';
import type { UdpPeer } from './protocol/frame.ts';
import { rebaseSite } from './site-address.ts';
import { buildSiteNetwork, type DeviceEntry } from './site-network.ts';
import { objectSchema, type ObjectInput, type Site } from './site.schema.ts';

export interface StartSiteOptions {
  /** Moves the whole site so that its base address becomes this one (e.g. 127.0.20.0), for parallel runs. */
  baseAddress?: string;
  /** Silent unless given; pino and console fit. */
  logger?: Logger;
  /** The clock value patterns and subscription lifetimes follow (ms since the epoch); Date.now by default. */
  now?: () => number;
  /** How often present values are compared for COV notifications, in ms (default 1000). */
  covIntervalMs?: number;
}

/** A point, by type name or number and instance. */
export interface ObjectRef {
  type: ObjectTypeName | number;
  instance: number;
}

export interface SimulatedDevice {
  readonly instance: number;
  readonly name: string;
  /** Where requests go: the device's own address, or its router's for a device behind one. */
  readonly address: UdpPeer;
  /** The network (DNET) and MAC (DADR) behind the router; undefined for a device on the IP network. */
  readonly network: number | undefined;
  readonly mac: number | undefined;
  /** The device model: objects, properties, database revision. */
  readonly model: SimDevice;
  /** The SubscribeCOV subscriptions the device holds (any subscriber, any object). */
  readonly covSubscriptions: number;
  presentValue(object: ObjectRef): number;
  /** Sets what the point's process reads (as a sensor would); null returns it to its value pattern. */
  setValue(object: ObjectRef, value: number | null): void;
  /** Adds a point; database-revision goes up. */
  addObject(definition: ObjectInput): void;
  /** Removes a point; database-revision goes up. */
  removeObject(object: ObjectRef): boolean;
}

export interface RunningSite {
  /** The site as it runs (after moving it to options.baseAddress). */
  readonly site: Site;
  readonly devices: readonly SimulatedDevice[];
  readonly routers: readonly { name: string; address: UdpPeer; network: number }[];
  readonly bbmd: { name: string; address: UdpPeer } | undefined;
  device(instance: number): SimulatedDevice;
  setValue(deviceInstance: number, object: ObjectRef, value: number | null): void;
  stop(): Promise<void>;
}

const toObjectId = (ref: ObjectRef): BACNetObjectID => ({
  type: typeof ref.type === 'number' ? ref.type : objectTypeNumbers[ref.type],
  instance: ref.instance,
});

/**
 * Binds every address of the site and answers BACnet/IP on them until stop(). Rejects (having released
 * whatever it bound) when an address cannot be bound, e.g. SiteBindError for EADDRINUSE.
 */
export async function startSite(site: Site, options: StartSiteOptions = {}): Promise<RunningSite> {
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  const running = options.baseAddress ? rebaseSite(site, options.baseAddress) : site;
  const network = buildSiteNetwork(running, { now, logger });

  const results = await Promise.allSettled(network.nodes.map((node) => node.start()));
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
  if (failures.length > 0) {
    await Promise.all(network.nodes.map((node) => node.stop()));
    const [first] = failures;
    if (failures.length === 1 && first) throw first;
    const bindFailures = failures.filter((f): f is SiteBindError => f instanceof SiteBindError);
    const message = bindFailures.length === failures.length ? describeBindFailures(bindFailures) : failures.map((f) => f.message).join('\n');
    throw new AggregateError(failures, message);
  }

  const covTimer = setInterval(() => {
    for (const { service } of network.devices) if (service.cov.count > 0) service.cov.check();
  }, options.covIntervalMs ?? 1000);

  const devices = network.devices.map((entry) => simulatedDevice(entry, now));
  const byInstance = new Map(devices.map((d) => [d.instance, d]));
  const routed = devices.filter((d) => d.network !== undefined).length;
  logger.info(`Site "${running.name}": ${devices.length} devices (${routed} behind routers) on ${network.nodes.length} addresses`);
  for (const node of network.nodes) logger.debug(`  ${node.address.ip}:${node.address.port}  ${node.label}`);

  const device = (instance: number) => {
    const found = byInstance.get(instance);
    if (!found) throw new Error(`site "${running.name}" has no device ${instance}`);
    return found;
  };
  return {
    site: running,
    devices,
    routers: network.routers.map(({ router, node }) => ({ name: router.name, address: node.address, network: router.network })),
    bbmd: network.bbmd && { name: network.bbmd.bbmd.name, address: network.bbmd.node.address },
    device,
    setValue: (instance, object, value) => device(instance).setValue(object, value),
    stop: async () => {
      clearInterval(covTimer);
      for (const { service } of network.devices) service.cov.clear();
      await Promise.all(network.nodes.map((node) => node.stop()));
      logger.info(`Site "${running.name}" stopped`);
    },
  };
}

function simulatedDevice(entry: DeviceEntry, now: () => number): SimulatedDevice {
  const { service, node, network, mac } = entry;
  const model = service.device;
  const point = (ref: ObjectRef) => {
    const found = model.point(toObjectId(ref));
    if (!found) throw new Error(`${model.name} has no ${String(ref.type)} ${ref.instance}`);
    return found;
  };
  return {
    instance: model.instance,
    name: model.name,
    address: node.address,
    network,
    mac,
    model,
    get covSubscriptions() {
      return service.cov.count;
    },
    presentValue: (ref) => point(ref).presentValue(now()),
    setValue: (ref, value) => {
      point(ref).processOverride = value ?? undefined;
      service.cov.check();
    },
    addObject: (definition) => {
      model.addObject(objectSchema.parse(definition));
    },
    removeObject: (ref) => model.removeObject(toObjectId(ref)),
  };
}
