import type { AgentConfig } from '@syrx/contracts/agent-protocol';
import { serviceIds, serviceUnits } from '@syrx/contracts/services';
import type { Logger } from '../../logger.ts';
import type { ServiceModule } from '../service-module.ts';
import { BacnetInterface, type InterfaceTarget } from './bacnet-interface.ts';
import { socketPointUploader } from './point-upload.ts';
import { createRequestHandlers } from './request-handlers.ts';
import { RevisionWatcher } from './revision-watcher.ts';

export interface QueryServiceOptions {
  version: string;
  logger: Logger;
  /** The interface (and BBMDs, "ip:port") to use while the server's configuration gives no BACnet connection. */
  fallback: { address: string; port: number; bbmds?: readonly string[] };
  broadcastAddress?: string;
  /** How often each watched device's Database_Revision is read (default 300). */
  revisionCheckSeconds?: number;
  apduTimeoutMs?: number;
  apduRetries?: number;
}

export type QueryService = ServiceModule & { readonly bacnet: BacnetInterface };

/** The interface the server's configuration asks for (its address, port and BBMD servers), else the fallback. */
export function interfaceTarget(config: AgentConfig | null, fallback: QueryServiceOptions['fallback']): InterfaceTarget {
  const b = config?.bacnet;
  if (!b) return { address: fallback.address, port: fallback.port, bbmds: fallback.bbmds ?? [] };
  const bbmds = b.bbmd_servers.length > 0 ? b.bbmd_servers.map((s) => `${s.ip_address}:${s.port_num}`) : (fallback.bbmds ?? []);
  return { address: b.ip_address || fallback.address, port: b.port_num || fallback.port, bbmds, apduTimeoutMs: b.apdu_timeout_ms, apduRetries: b.apdu_retries };
}

/**
 * The BACnet network query service: answers the console's ReadProperty, DiscoverDevices, ReloadDevice and
 * ReloadPoints over the real network, and watches the configured devices' database revisions (uploading their
 * points when they change).
 */
export function createQueryService(opts: QueryServiceOptions): QueryService {
  const bacnet = new BacnetInterface({ logger: opts.logger, broadcastAddress: opts.broadcastAddress ?? '255.255.255.255', apduTimeoutMs: opts.apduTimeoutMs, apduRetries: opts.apduRetries });
  let watcher: RevisionWatcher | null = null;
  let devices: AgentConfig['devices'] = [];

  return {
    id: serviceIds.query,
    version: opts.version,
    unit: serviceUnits[serviceIds.query],
    state: () => bacnet.state(),
    diagnostics: () => bacnet.diagnostics(),
    bacnet,
    requests: createRequestHandlers(bacnet, opts.logger),
    start(context) {
      bacnet.open(interfaceTarget(null, opts.fallback));
      watcher = new RevisionWatcher({ bacnet, upload: socketPointUploader((event, payload) => context.emitWithAck(event, payload)), logger: opts.logger, intervalMs: (opts.revisionCheckSeconds ?? 300) * 1000 });
      watcher.setDevices(devices);
      watcher.start();
    },
    configure(config) {
      bacnet.open(interfaceTarget(config, opts.fallback));
      devices = config.devices;
      watcher?.setDevices(devices);
    },
    async stop() {
      watcher?.stop();
      bacnet.close();
    },
  };
}
