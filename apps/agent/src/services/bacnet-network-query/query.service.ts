import type { AgentConfig } from '@syrx/contracts/agent-protocol';
import { acknowledgement, dataResponse, discoverDevicesFieldsSchema, type DiscoveredDevice, noDestinationMac, readPropertyFieldsSchema } from '@syrx/contracts/realtime';
import { serviceIds, serviceUnits } from '@syrx/contracts/services';
import { bytesToMac, toReceiver } from '../../bacnet/bacnet-address.ts';
import { BacnetNetwork } from '../../bacnet/bacnet-network.ts';
import { plainValue } from '../../bacnet/app-data.ts';
import type { Logger } from '../../logger.ts';
import type { RequestHandler, ServiceModule } from '../service-module.ts';

export interface QueryServiceOptions {
  version: string;
  logger: Logger;
  /** The interface to use until the server sends a BACnet connection configuration. */
  fallback: { address: string; port: number };
  broadcastAddress?: string;
}

/**
 * The BACnet network query service: Discover devices (Who-Is, through the BBMD when one is configured)
 * and Read property, answering the console's requests over the real network.
 */
export function createQueryService(opts: QueryServiceOptions): ServiceModule & { network(): BacnetNetwork | null } {
  let network: BacnetNetwork | null = null;
  let bbmd: string | null = null;
  let bound = '';
  let state: 'active' | 'failed' | 'activating' = 'activating';

  const open = (address: string, port: number, bbmdServer: string | null) => {
    const key = `${address}:${port}|${bbmdServer ?? ''}`;
    if (key === bound && network) return;
    network?.close();
    bound = key;
    bbmd = bbmdServer;
    const n = new BacnetNetwork({ address, port, broadcastAddress: opts.broadcastAddress ?? '255.255.255.255', logger: opts.logger });
    network = n;
    n.ready()
      .then(() => (bbmdServer ? n.registerForeignDevice(bbmdServer) : undefined))
      .then(() => { state = 'active'; }, (err: unknown) => {
        state = 'failed';
        opts.logger.error({ err: String(err), address, port, bbmd: bbmdServer }, 'BACnet interface could not start');
      });
  };

  const readProperty: RequestHandler = async (request, respond) => {
    const f = readPropertyFieldsSchema.parse(request);
    if (!network) throw new Error('The BACnet interface is not open.');
    respond(acknowledgement());
    const values = await network.readProperty(toReceiver(f), { type: f.objectType, instance: f.instanceNumber }, f.propertyId, f.propertyIndex);
    respond(dataResponse({ value: plainValue(values), values: values.map((v) => ({ type: v.type, value: plainValue([v]) })) }, true));
  };

  const discoverDevices: RequestHandler = async (request, respond, signal) => {
    const f = discoverDevicesFieldsSchema.parse(request);
    if (!network) throw new Error('The BACnet interface is not open.');
    respond(acknowledgement());
    const found = new Map<string, DiscoveredDevice>();
    await network.whoIs({ network: f.network, lowLimit: f.lowLimit, highLimit: f.highLimit, bbmd, durationMs: (f.durationSeconds ?? 5) * 1000, signal }, (i) => {
      const device: DiscoveredDevice = {
        MacAddress: i.address.forwardedFrom ?? i.address.address ?? '',
        Network: 0,
        DestinationMacAddress: i.address.adr?.length ? bytesToMac(i.address.adr) : noDestinationMac,
        DestinationNetwork: i.address.net ?? 0,
        InstanceNumber: i.deviceId,
      };
      const key = `${device.InstanceNumber}|${device.MacAddress}|${device.DestinationNetwork}`;
      if (found.has(key)) return;
      found.set(key, device);
      respond(dataResponse(device, false));
    });
    respond(dataResponse([...found.values()], true));
  };

  return {
    id: serviceIds.query,
    version: opts.version,
    unit: serviceUnits[serviceIds.query],
    state: () => state,
    network: () => network,
    requests: { ReadProperty: readProperty, DiscoverDevices: discoverDevices },
    configure(config: AgentConfig) {
      const b = config.bacnet;
      const firstBbmd = b?.bbmd_servers[0];
      open(b?.ip_address ?? opts.fallback.address, b?.port_num ?? opts.fallback.port, firstBbmd ? `${firstBbmd.ip_address}:${firstBbmd.port_num}` : null);
    },
    async stop() {
      network?.close();
      network = null;
    },
  };
}
