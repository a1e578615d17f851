import { ObjectType, PropertyIdentifier as P, type ApplicationData, type BACNetObjectID } from '@bacnet-js/client';
import { readArrayElements, readArrayLength, readArrayUntilEnd } from '../../bacnet/array-reads.ts';
import type { BacnetNetwork } from '../../bacnet/bacnet-network.ts';
import type { Logger } from '../../logger.ts';
import type { TrackedPoint } from './reporting-points.ts';

const objectKey = (id: BACNetObjectID) => `${id.type}:${id.instance}`;
/** More objects than this are not looked through for trend logs (the discovery's own bound). */
const maxObjects = 10_000;

/** Log_Device_Object_Property as @bacnet-js/client decodes it (a BACnetDeviceObjectPropertyReference). */
interface DecodedReference {
  objectId?: { objectType?: number; instance?: number };
  id?: { value?: number };
}

/** The object and property a trend log logs, or null when the answer is no reference to a present-value. */
export function loggedPresentValue(values: readonly ApplicationData[]): BACNetObjectID | null {
  const ref = values[0]?.value as DecodedReference | undefined;
  const type = ref?.objectId?.objectType;
  const instance = ref?.objectId?.instance;
  if (typeof type !== 'number' || typeof instance !== 'number' || ref?.id?.value !== P.PRESENT_VALUE) return null;
  return { type, instance };
}

/**
 * Which trend log of a device logs which object's present-value, read once per device (its object list, then each
 * Trend_Log's Log_Device_Object_Property) and kept until cleared. A failed read is not kept: asked again next time.
 */
export class TrendLogMap {
  private readonly devices = new Map<string, Promise<Map<string, BACNetObjectID>>>();

  constructor(private readonly logger: Logger) {}

  /** The trend log that logs the point's present-value, or undefined when its device has none. */
  async logOf(net: BacnetNetwork, p: TrackedPoint): Promise<BACNetObjectID | undefined> {
    let logs = this.devices.get(p.deviceKey);
    if (!logs) {
      logs = this.read(net, p);
      this.devices.set(p.deviceKey, logs);
      logs.catch(() => this.devices.delete(p.deviceKey));
    }
    return (await logs).get(objectKey(p.objectId));
  }

  clear(): void {
    this.devices.clear();
  }

  private async read(net: BacnetNetwork, p: TrackedPoint): Promise<Map<string, BACNetObjectID>> {
    const device = { type: ObjectType.DEVICE, instance: p.point.device_instance_number };
    const length = await readArrayLength(net, p.receiver, device, P.OBJECT_LIST);
    const entries = length === null
      ? await readArrayUntilEnd(net, p.receiver, device, P.OBJECT_LIST, maxObjects)
      : (await readArrayElements(net, p.receiver, device, P.OBJECT_LIST, 1, Math.min(length, maxObjects))).elements;
    const logs = entries.map((e) => e[0]?.value as BACNetObjectID | undefined).filter((id): id is BACNetObjectID => id?.type === ObjectType.TREND_LOG);
    const map = new Map<string, BACNetObjectID>();
    for (const log of logs) {
      try {
        const logged = loggedPresentValue(await net.readProperty(p.receiver, log, P.LOG_DEVICE_OBJECT_PROPERTY));
        if (logged && !map.has(objectKey(logged))) map.set(objectKey(logged), log);
      } catch (err) {
        this.logger.debug({ device: device.instance, log: log.instance, err: String(err) }, 'backfill: a trend log whose logged object cannot be read');
      }
    }
    this.logger.info({ device: device.instance, trendLogs: logs.length, logging: map.size }, 'backfill: trend logs of a device');
    return map;
  }
}
