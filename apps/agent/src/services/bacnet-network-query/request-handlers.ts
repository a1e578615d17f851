import {
  acknowledgement, dataResponse, deviceTargetFieldsSchema, discoverDevicesFieldsSchema, pointHealthSweepRequestFieldsSchema, readPropertyFieldsSchema,
  relinquishPriorityRequestFieldsSchema, reloadPointsFieldsSchema, type RequestType,
} from '@syrx/contracts/realtime';
import { plainValue } from '../../bacnet/app-data.ts';
import { toReceiver } from '../../bacnet/bacnet-address.ts';
import type { RequestHandler } from '../service-module.ts';
import type { BacnetAccess } from './bacnet-interface.ts';
import { readDeviceProperties } from './device-reader.ts';
import { discoverDevices } from './discovery.ts';
import { relinquishPriority, sweepDevice } from './point-health.ts';
import { readPoints } from './point-reader.ts';

/** How long DiscoverDevices listens for I-Am answers when the request does not say. */
export const defaultDiscoverySeconds = 5;

/**
 * The query service's requests (spec 01 section 7 and ours): each parses its fields, acknowledges, then answers
 * with data and a final answer. A handler that throws ends its request with an exception (agent.ts).
 */
export function createRequestHandlers(bacnet: BacnetAccess): Record<RequestType, RequestHandler> {
  return {
    /** Data: { value, values: [{ type, value }] } — the plain value, and each application value with its tag. */
    async ReadProperty(request, respond) {
      const f = readPropertyFieldsSchema.parse(request);
      const net = await bacnet.network();
      respond(acknowledgement());
      const values = await net.readProperty(toReceiver(f), { type: f.objectType, instance: f.instanceNumber }, f.propertyId, f.propertyIndex);
      respond(dataResponse({ value: plainValue(values), values: values.map((v) => ({ type: v.type, value: plainValue([v]) })) }, true));
    },

    /** Data: each DiscoveredDevice as its I-Am arrives, then the whole list (final). */
    async DiscoverDevices(request, respond, signal) {
      const f = discoverDevicesFieldsSchema.parse(request);
      const net = await bacnet.network();
      respond(acknowledgement());
      const durationMs = (f.durationSeconds ?? defaultDiscoverySeconds) * 1000;
      const all = await discoverDevices(net, { ...f, durationMs, bbmds: bacnet.bbmds(), signal }, (device) => respond(dataResponse(device, false)));
      respond(dataResponse(all, true));
    },

    /** Data (final): reloadDeviceResultSchema. */
    async ReloadDevice(request, respond, signal) {
      const f = deviceTargetFieldsSchema.parse(request);
      const net = await bacnet.network();
      respond(acknowledgement());
      respond(dataResponse(await readDeviceProperties(net, f, signal), true));
    },

    /** Data: reloadPointsProgressSchema at most every 200 ms, then reloadPointsResultSchema (final). */
    async ReloadPoints(request, respond, signal) {
      const f = reloadPointsFieldsSchema.parse(request);
      const net = await bacnet.network();
      respond(acknowledgement());
      const result = await readPoints(net, f, { maxPoints: f.maxPoints, signal, onProgress: (p) => respond(dataResponse(p, false)) });
      respond(dataResponse(result, true));
    },

    /** Data (final): pointHealthSweepResultSchema, one reading per object asked for (docs/point-health.md). */
    async PointHealthSweep(request, respond, signal) {
      const f = pointHealthSweepRequestFieldsSchema.parse(request);
      const net = await bacnet.network();
      respond(acknowledgement());
      respond(dataResponse(await sweepDevice(net, f, f.objects, { signal }), true));
    },

    /** Data (final): relinquishPriorityResultSchema, the object after the write. */
    async RelinquishPriority(request, respond) {
      const f = relinquishPriorityRequestFieldsSchema.parse(request);
      const net = await bacnet.network();
      respond(acknowledgement());
      respond(dataResponse(await relinquishPriority(net, f, { type: f.objectType, instance: f.objectInstance }, f.priority), true));
    },
  };
}
