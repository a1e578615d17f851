import { ApplicationTag, ObjectType, PropertyIdentifier as P, type ApplicationData, type BACNetObjectID } from '@bacnet-js/client';
import type { BacnetValue, PointHealthReading, PointHealthSweepResult, RelinquishPriorityResult, StatusFlags } from '@syrx/contracts/agent-protocol';
import type { DeviceTargetFields } from '@syrx/contracts/realtime';
import { toJsonValue } from '../../bacnet/app-data.ts';
import { toReceiver } from '../../bacnet/bacnet-address.ts';
import type { BacnetNetwork } from '../../bacnet/bacnet-network.ts';
import { ensurePeerProfile } from '../../bacnet/device-profile.ts';
import { readMany, type PropertyResult } from '../../bacnet/property-reads.ts';

/** Outputs always have a priority array; values may (the sweep asks, and takes unknown-property for "none"). */
const commandableTypes: ReadonlySet<number> = new Set([
  ObjectType.ANALOG_OUTPUT, ObjectType.ANALOG_VALUE, ObjectType.BINARY_OUTPUT, ObjectType.BINARY_VALUE, ObjectType.MULTI_STATE_OUTPUT, ObjectType.MULTI_STATE_VALUE,
]);
const healthProperties = [P.PRESENT_VALUE, P.STATUS_FLAGS, P.OUT_OF_SERVICE, P.RELIABILITY, P.EVENT_STATE];
const commandProperties = [P.PRIORITY_ARRAY, P.RELINQUISH_DEFAULT];
/** The properties a sweep reads of an object, in this order. */
export const sweptProperties = (o: BACNetObjectID): number[] => (commandableTypes.has(o.type) ? [...healthProperties, ...commandProperties] : healthProperties);

export interface SweepOptions {
  signal?: AbortSignal | undefined;
  /** ReadPropertyMultiple requests to the device in flight at once (default 1: the device never sees a burst). */
  concurrency?: number;
}

const valueOf = (v: ApplicationData | undefined): BacnetValue => {
  if (!v || v.type === ApplicationTag.NULL) return null;
  const plain = toJsonValue(v.value);
  return typeof plain === 'number' || typeof plain === 'boolean' || typeof plain === 'string' ? plain : null;
};
const values = (r: PropertyResult | undefined): ApplicationData[] | null => (r?.ok ? r.values : null);
const first = (r: PropertyResult | undefined): ApplicationData | undefined => values(r)?.[0];
const numberOrNull = (r: PropertyResult | undefined): number | null => {
  const v = valueOf(first(r));
  return typeof v === 'number' ? v : null;
};

/** Status_Flags from its bit string (bit 0 in-alarm, 1 fault, 2 overridden, 3 out-of-service). */
function statusFlagsOf(r: PropertyResult | undefined): StatusFlags | null {
  const v = first(r);
  if (v?.type !== ApplicationTag.BIT_STRING) return null;
  const bits = (v.value as { value?: number[] }).value?.[0] ?? 0;
  return { in_alarm: (bits & 1) !== 0, fault: (bits & 2) !== 0, overridden: (bits & 4) !== 0, out_of_service: (bits & 8) !== 0 };
}

/** The 16 slots of a priority array read whole (null: the object has none, or it was not read). */
function priorityArrayOf(r: PropertyResult | undefined): BacnetValue[] | null {
  const all = values(r);
  if (!all) return null;
  return Array.from({ length: 16 }, (_, i) => valueOf(all[i]));
}

function readingOf(objectId: BACNetObjectID, read: ReadonlyMap<number, PropertyResult | undefined>): PointHealthReading {
  const pv = read.get(P.PRESENT_VALUE);
  const oos = valueOf(first(read.get(P.OUT_OF_SERVICE)));
  return {
    object_type: objectId.type,
    instance_number: objectId.instance,
    missing: pv?.ok === false && pv.error.isUnknownObject,
    present_value: valueOf(first(pv)),
    status_flags: statusFlagsOf(read.get(P.STATUS_FLAGS)),
    out_of_service: typeof oos === 'boolean' ? oos : null,
    reliability: numberOrNull(read.get(P.RELIABILITY)),
    event_state: numberOrNull(read.get(P.EVENT_STATE)),
    priority_array: priorityArrayOf(read.get(P.PRIORITY_ARRAY)),
    relinquish_default: valueOf(first(read.get(P.RELINQUISH_DEFAULT))),
  };
}

/**
 * A point health sweep of one device: for each object, its present-value, status flags, out-of-service, reliability
 * and event state, and for commandable ones the priority array and relinquish-default — in ReadPropertyMultiple chunks
 * (after the device's System_Status) that fit the device's max APDU (one ReadProperty each for a device without it), one request at a time unless told
 * otherwise, so a sweep of a whole building never bursts at one device. A property the device refuses is null; a
 * device that does not answer rejects (BacnetTimeout), which the server records as unreachable.
 */
export async function sweepDevice(net: BacnetNetwork, target: DeviceTargetFields, objects: readonly (readonly [number, number])[], o: SweepOptions = {}): Promise<PointHealthSweepResult> {
  const receiver = toReceiver(target);
  await ensurePeerProfile(net, receiver, target.instanceNumber);
  const ids = objects.map(([type, instance]): BACNetObjectID => ({ type, instance }));
  // The device's own System_Status first: a device without points known yet is still asked (and found unreachable).
  const probe = { objectId: { type: ObjectType.DEVICE, instance: target.instanceNumber }, propertyId: P.SYSTEM_STATUS };
  const refs = [probe, ...ids.flatMap((objectId) => sweptProperties(objectId).map((propertyId) => ({ objectId, propertyId })))];
  const results = await readMany(net, receiver, refs, { signal: o.signal, concurrency: o.concurrency ?? 1, replyOctetsPerProperty: 8 });
  let k = 1;
  const readings = ids.map((objectId) => readingOf(objectId, new Map(sweptProperties(objectId).map((id) => [id, results[k++]]))));
  return { readings };
}

/**
 * Releases one priority of an object (NULL written to present-value there: the next priority, or relinquish-default,
 * takes over), then reads back its present-value and priority array so the caller sees the slot is empty.
 */
export async function relinquishPriority(net: BacnetNetwork, target: DeviceTargetFields, objectId: BACNetObjectID, priority: number): Promise<RelinquishPriorityResult> {
  const receiver = toReceiver(target);
  await net.relinquish(receiver, objectId, priority);
  const [pv, slots] = await readMany(net, receiver, [{ objectId, propertyId: P.PRESENT_VALUE }, { objectId, propertyId: P.PRIORITY_ARRAY }], { concurrency: 1 });
  return { present_value: valueOf(first(pv)), priority_array: priorityArrayOf(slots) };
}
