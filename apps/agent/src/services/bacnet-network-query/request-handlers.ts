import {
  acknowledgement, dataResponse, deviceTargetFieldsSchema, discoverDevicesFieldsSchema, discoveryDefaults, pointHealthSweepRequestFieldsSchema, readPropertyFieldsSchema,
  relinquishPriorityRequestFieldsSchema, reloadPointsFieldsSchema, type RequestType,
} from '@syrx/contracts/realtime';
import { plainValue } from '../../bacnet/app-data.ts';
import { toReceiver } from '../../bacnet/bacnet-address.ts';
import { type Logger, silentLogger } from '../../logger.ts';
import type { RequestHandler } from '../service-module.ts';
import type { BacnetAccess } from './bacnet-interface.ts';
import { readDeviceProperties } from './device-reader.ts';
import { discoverDevices } from './discovery.ts';
import { relinquishPriority, sweepDevice } from './point-health.ts';
import { readPoints } from './point-reader.ts';
import { addressLabel, deviceLabel, objectLabel, propertyLabel, requestLogger } from './request-log.ts';


/**
 * The query service's requests (spec 01 section 7 and ours): each parses its fields, acknowledges, then answers
 * with data and a final answer. A handler that throws ends its request with an exception (agent.ts). Each logs at
 * info with its device and object (request-log.ts).
 */
export function createRequestHandlers(bacnet: BacnetAccess, logger: Logger = silentLogger): Record<RequestType, RequestHandler> {
  const log = requestLogger(logger);
  return {
    /** Data: { value, values: [{ type, value }] } — the plain value, and each application value with its tag. */
    async ReadProperty(request, respond) {
      const f = readPropertyFieldsSchema.parse(request);
      const context = { device: addressLabel(f), object: objectLabel(f.objectType, f.instanceNumber), property: propertyLabel(f.propertyId, f.propertyIndex) };
      await log.run('read property', context, async () => {
        const net = await bacnet.network();
        respond(acknowledgement());
        const values = await net.readProperty(toReceiver(f), { type: f.objectType, instance: f.instanceNumber }, f.propertyId, f.propertyIndex);
        const value = plainValue(values);
        respond(dataResponse({ value, values: values.map((v) => ({ type: v.type, value: plainValue([v]) })) }, true));
        return value;
      }, (value) => ({ value }));
    },

    /** Data: each DiscoveredDevice as its I-Am arrives, then the whole list (final). */
    async DiscoverDevices(request, respond, signal) {
      const f = discoverDevicesFieldsSchema.parse(request);
      const durationMs = (f.durationSeconds ?? discoveryDefaults.maxSeconds) * 1000;
      const quietMs = (f.quietSeconds ?? discoveryDefaults.quietSeconds) * 1000;
      const context = { network: f.network ?? 'all', lowLimit: f.lowLimit ?? null, highLimit: f.highLimit ?? null, seconds: durationMs / 1000 };
      await log.run('discover devices', context, async () => {
        const net = await bacnet.network();
        respond(acknowledgement());
        log.started('discover devices', context);
        const all = await discoverDevices(net, { ...f, durationMs, quietMs, bbmds: bacnet.bbmds(), signal }, (device) => {
          logger.info({ device: deviceLabel({ macAddress: device.MacAddress, destinationNetwork: device.DestinationNetwork, destinationMacAddress: device.DestinationMacAddress, instanceNumber: device.InstanceNumber }) }, 'discover devices: I-Am');
          respond(dataResponse(device, false));
        });
        respond(dataResponse(all, true));
        return all;
      }, (all) => ({ found: all.length }));
    },

    /** Data (final): reloadDeviceResultSchema. */
    async ReloadDevice(request, respond, signal) {
      const f = deviceTargetFieldsSchema.parse(request);
      await log.run('reload device', { device: deviceLabel(f) }, async () => {
        const net = await bacnet.network();
        respond(acknowledgement());
        const device = await readDeviceProperties(net, f, signal);
        respond(dataResponse(device, true));
        return device;
      }, (d) => ({ name: d.name, vendor: d.vendor_name, revision: d.database_revision }));
    },

    /** Data: reloadPointsProgressSchema at most every 200 ms, then reloadPointsResultSchema (final). */
    async ReloadPoints(request, respond, signal) {
      const f = reloadPointsFieldsSchema.parse(request);
      const context = { device: deviceLabel(f) };
      await log.run('reload points', context, async () => {
        const net = await bacnet.network();
        respond(acknowledgement());
        log.started('reload points', context);
        const result = await readPoints(net, f, { maxPoints: f.maxPoints, signal, onProgress: (p) => respond(dataResponse(p, false)) });
        respond(dataResponse(result, true));
        return result;
      }, (r) => ({ objects: r.object_count, points: r.points.length, truncated: r.truncated, revision: r.database_revision }));
    },

    /** Data (final): pointHealthSweepResultSchema, one reading per object asked for (docs/point-health.md). */
    async PointHealthSweep(request, respond, signal) {
      const f = pointHealthSweepRequestFieldsSchema.parse(request);
      const context = { device: deviceLabel(f), objects: f.objects.length };
      await log.run('point health sweep', context, async () => {
        const net = await bacnet.network();
        respond(acknowledgement());
        log.started('point health sweep', context);
        const result = await sweepDevice(net, f, f.objects, { signal });
        respond(dataResponse(result, true));
        return result;
      }, (r) => ({ readings: r.readings.length }));
    },

    /** Data (final): relinquishPriorityResultSchema, the object after the write. */
    async RelinquishPriority(request, respond) {
      const f = relinquishPriorityRequestFieldsSchema.parse(request);
      await log.run('relinquish priority', { device: deviceLabel(f), object: objectLabel(f.objectType, f.objectInstance), priority: f.priority }, async () => {
        const net = await bacnet.network();
        respond(acknowledgement());
        const result = await relinquishPriority(net, f, { type: f.objectType, instance: f.objectInstance }, f.priority);
        respond(dataResponse(result, true));
        return result;
      }, (r) => ({ value: r.present_value }));
    },
  };
}
