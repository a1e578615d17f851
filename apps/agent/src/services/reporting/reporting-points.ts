import { PropertyIdentifier, type BACNetAddress, type BACNetObjectID } from '@bacnet-js/client';
import type { AgentRecord, ReportingPoint } from '@syrx/contracts/records';
import { peerKey, toReceiver } from '../../bacnet/bacnet-address.ts';
import type { Logger } from '../../logger.ts';

export const presentValueId: number = PropertyIdentifier.PRESENT_VALUE;

/** A configured point with where to reach it, keyed so that a COV notification finds it. */
export interface TrackedPoint {
  point: ReportingPoint;
  /** Device key + object: `deviceKey/type:instance`. */
  key: string;
  /** Where the device is reached and its instance: `peerKey#instance`. */
  deviceKey: string;
  receiver: BACNetAddress;
  objectId: BACNetObjectID;
}

export const deviceKeyOf = (receiver: BACNetAddress, deviceInstance: number): string => `${peerKey(receiver)}#${deviceInstance}`;
export const pointKeyOf = (deviceKey: string, objectId: BACNetObjectID): string => `${deviceKey}/${objectId.type}:${objectId.instance}`;

/**
 * The configured points by key (a point listed twice counts once); a point whose address cannot be read is
 * skipped with a warning.
 */
export function trackPoints(points: readonly ReportingPoint[], logger: Logger): Map<string, TrackedPoint> {
  const tracked = new Map<string, TrackedPoint>();
  for (const point of points) {
    let receiver: BACNetAddress;
    try {
      receiver = toReceiver({ macAddress: point.mac_address, network: point.network, destinationMacAddress: point.destination_mac_address, destinationNetwork: point.destination_network });
    } catch (err) {
      logger.warn({ pointId: point.id, err: String(err) }, 'reporting: a point with an unreadable address is skipped');
      continue;
    }
    const deviceKey = deviceKeyOf(receiver, point.device_instance_number);
    const objectId = { type: point.object_type, instance: point.instance_number };
    const key = pointKeyOf(deviceKey, objectId);
    tracked.set(key, { point, key, deviceKey, receiver, objectId });
  }
  return tracked;
}

/** The points grouped by device (device key → its points), in the order given. */
export function byDevice(points: Iterable<TrackedPoint>): Map<string, TrackedPoint[]> {
  const devices = new Map<string, TrackedPoint[]>();
  for (const p of points) {
    const list = devices.get(p.deviceKey);
    if (list) list.push(p);
    else devices.set(p.deviceKey, [p]);
  }
  return devices;
}

/**
 * A present-value as a record's number: analog → the number, binary → 0/1 (enumerated), multi-state → the state
 * (unsigned); a boolean counts as 0/1. Anything else (NULL, text, bit strings, …) is null: no record.
 */
export function recordValue(values: readonly { value?: unknown }[] | undefined): number | null {
  const v = values?.[0]?.value;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
}

/** The record of one value, or null when it cannot be one (the server refuses a non-positive id or time). */
export function toRecord(pointId: number, time: number, value: number | null): AgentRecord | null {
  if (value === null || !Number.isInteger(pointId) || pointId <= 0 || !Number.isInteger(time) || time <= 0) return null;
  return [pointId, time, value];
}
