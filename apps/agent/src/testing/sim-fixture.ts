import { noDestinationMac } from '@syrx/contracts/bacnet';
import type { DeviceTargetFields, ResponseData } from '@syrx/contracts/realtime';
import { demoSitePath, loadSite, type Site } from '@syrx/bacnet-sim';
import { startSite, type RunningSite } from '@syrx/bacnet-sim/testing';
import { bytesToMac } from '../bacnet/bacnet-address.ts';
import type { BacnetNetwork } from '../bacnet/bacnet-network.ts';
import { silentLogger } from '../logger.ts';
import { BacnetInterface } from '../services/bacnet-network-query/bacnet-interface.ts';
import { createRequestHandlers } from '../services/bacnet-network-query/request-handlers.ts';
import { answerRequest, type RequestHandler } from '../services/service-module.ts';

/** The simulated demo building on a test file's own loopback range, and the agent's interface in that range (.200). */
export interface SimFixture {
  site: RunningSite;
  bacnet: BacnetInterface;
  net: BacnetNetwork;
  handlers: Record<'ReadProperty' | 'DiscoverDevices' | 'ReloadDevice' | 'ReloadPoints', RequestHandler>;
  /** Where the agent finds a device of the site, as the console sends it. */
  target(instance: number): DeviceTargetFields;
  stop(): Promise<void>;
}

/** "127.0.41.0" + 200 → "127.0.41.200" */
export const hostIn = (base: string, host: number): string => base.replace(/\.\d+$/, `.${host}`);

export async function startSimFixture(base: string, o: { edit?: (site: Site) => Site; apduTimeoutMs?: number } = {}): Promise<SimFixture> {
  const loaded = await loadSite(demoSitePath);
  const site = await startSite(o.edit ? o.edit(loaded) : loaded, { baseAddress: base });
  const bbmd = site.bbmd ? [`${site.bbmd.address.ip}:${site.bbmd.address.port}`] : [];
  const bacnet = new BacnetInterface({ logger: silentLogger, broadcastAddress: hostIn(base, 255), apduTimeoutMs: o.apduTimeoutMs ?? 1000, apduRetries: 1 });
  bacnet.open({ address: hostIn(base, 200), port: 47808, bbmds: bbmd });
  const net = await bacnet.network();
  return {
    site,
    bacnet,
    net,
    handlers: createRequestHandlers(bacnet),
    target(instance) {
      const d = site.device(instance);
      const routed = d.network !== undefined && d.mac !== undefined;
      return {
        macAddress: `${d.address.ip}:${d.address.port}`,
        network: 0,
        destinationMacAddress: routed ? bytesToMac([d.mac ?? 0]) : noDestinationMac,
        destinationNetwork: routed ? (d.network ?? 0) : 0,
        instanceNumber: instance,
      };
    },
    async stop() {
      bacnet.close();
      await site.stop();
    },
  };
}

/** A response sink that records what a handler answers, as the server would receive it. */
export function recordingSink(onAnswer?: (a: ResponseData) => void): { answers: ResponseData[]; respond: (a: ResponseData) => void } {
  const answers: ResponseData[] = [];
  return { answers, respond: (a) => { answers.push(a); onAnswer?.(a); } };
}

/** Runs a handler as the agent does (a throw becomes an exception answer); resolves with every answer. */
export async function ask(handler: RequestHandler, fields: Record<string, unknown>, o: { signal?: AbortSignal; onAnswer?: (a: ResponseData) => void } = {}): Promise<ResponseData[]> {
  const sink = recordingSink(o.onAnswer);
  await answerRequest(handler, { requestId: 'test', requestType: 'test', ...fields }, sink.respond, o.signal ?? new AbortController().signal);
  return sink.answers;
}
