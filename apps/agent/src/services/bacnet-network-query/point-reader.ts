import { ApplicationTag, ObjectType, PropertyIdentifier as P, type ApplicationData, type BACNetObjectID } from '@bacnet-js/client';
import type { PointUploadItem } from '@syrx/contracts/points';
import type { DeviceTargetFields, ReloadPointsProgress, ReloadPointsResult } from '@syrx/contracts/realtime';
import { numberOf, textOf } from '../../bacnet/app-data.ts';
import { readArrayElements, readArrayLength, readArrayUntilEnd, readWholeArray } from '../../bacnet/array-reads.ts';
import { toReceiver } from '../../bacnet/bacnet-address.ts';
import type { BacnetNetwork } from '../../bacnet/bacnet-network.ts';
import { ensurePeerProfile } from '../../bacnet/device-profile.ts';
import { readMany, type PropertyResult } from '../../bacnet/property-reads.ts';

export interface PointReadOptions {
  /** Object-list entries to read at most (indices 1…maxPoints). */
  maxPoints: number;
  /** Checked between requests: an aborted read rejects. */
  signal?: AbortSignal | undefined;
  /** How far the reading is; called at most every progressIntervalMs. */
  onProgress?: ((p: ReloadPointsProgress) => void) | undefined;
  progressIntervalMs?: number;
}

const analogTypes: ReadonlySet<number> = new Set([ObjectType.ANALOG_INPUT, ObjectType.ANALOG_OUTPUT, ObjectType.ANALOG_VALUE]);
const propertiesOf = (o: BACNetObjectID) => (analogTypes.has(o.type) ? [P.OBJECT_NAME, P.DESCRIPTION, P.UNITS] : [P.OBJECT_NAME, P.DESCRIPTION]);

/** At most one progress report per interval, except the first of each phase. */
function throttled(onProgress: PointReadOptions['onProgress'], intervalMs: number): (p: ReloadPointsProgress) => void {
  let last = 0;
  let phase: ReloadPointsProgress['phase'] | null = null;
  return (p) => {
    const now = Date.now();
    if (!onProgress || (p.phase === phase && now - last < intervalMs)) return;
    last = now;
    phase = p.phase;
    onProgress(p);
  };
}

function objectIdOf(values: readonly ApplicationData[]): BACNetObjectID | null {
  const [first] = values;
  const v = first?.type === ApplicationTag.OBJECTIDENTIFIER ? (first.value as Partial<BACNetObjectID>) : undefined;
  return typeof v?.type === 'number' && typeof v.instance === 'number' ? { type: v.type, instance: v.instance } : null;
}

/** The entries of the object list (index 1…), each object once. */
function uniqueObjects(entries: readonly ApplicationData[][]): BACNetObjectID[] {
  const seen = new Set<string>();
  return entries.map(objectIdOf).filter((o): o is BACNetObjectID => {
    if (!o || seen.has(`${o.type}:${o.instance}`)) return false;
    seen.add(`${o.type}:${o.instance}`);
    return true;
  });
}

/**
 * Reads a device's points (ReloadPoints, and the revision watcher): its database revision; the object list —
 * its length at index 0, then the whole list in one segmented ReadProperty when the device sends segmented
 * replies, else entries 1…min(length, maxPoints) in chunks (or, when the device does not give index 0, by index
 * until invalid-array-index, the expected end); then each object's name, description and, for
 * analog objects, units, in chunks that fit the device's max APDU. A missing description or units is null; any
 * error reading the list itself, and a device that stops answering, rejects.
 */
export async function readPoints(net: BacnetNetwork, target: DeviceTargetFields, o: PointReadOptions): Promise<ReloadPointsResult> {
  const receiver = toReceiver(target);
  const device = { type: ObjectType.DEVICE, instance: target.instanceNumber };
  const progress = throttled(o.onProgress, o.progressIntervalMs ?? 200);
  await ensurePeerProfile(net, receiver, target.instanceNumber);
  const [revision] = await readMany(net, receiver, [{ objectId: device, propertyId: P.DATABASE_REVISION }], { signal: o.signal });

  o.signal?.throwIfAborted();
  const length = await readArrayLength(net, receiver, device, P.OBJECT_LIST);
  let entries: ApplicationData[][];
  let objectCount: number;
  progress({ phase: 'object-list', done: 0, total: length === null ? null : Math.min(length, o.maxPoints) });
  // A device that sends segmented replies gives the whole list in one ReadProperty (checked against its length).
  const whole = length !== null && length <= o.maxPoints ? await readWholeArray(net, receiver, device, P.OBJECT_LIST, { length, elementTag: ApplicationTag.OBJECTIDENTIFIER }) : null;
  if (whole && length !== null) {
    entries = whole;
    objectCount = length;
    progress({ phase: 'object-list', done: length, total: length });
  } else if (length !== null) {
    const total = Math.min(length, o.maxPoints);
    const onProgress = (done: number) => progress({ phase: 'object-list', done, total });
    entries = (await readArrayElements(net, receiver, device, P.OBJECT_LIST, 1, total, { signal: o.signal, onProgress })).elements;
    objectCount = length;
  } else {
    const onProgress = (done: number) => progress({ phase: 'object-list', done: Math.min(done, o.maxPoints), total: null });
    entries = await readArrayUntilEnd(net, receiver, device, P.OBJECT_LIST, o.maxPoints + 1, { signal: o.signal, onProgress });
    objectCount = entries.length;
    entries = entries.slice(0, o.maxPoints);
  }

  const objects = uniqueObjects(entries);
  const refs = objects.flatMap((objectId) => propertiesOf(objectId).map((propertyId) => ({ objectId, propertyId })));
  const onProgress = (done: number) => progress({ phase: 'properties', done: Math.floor((done * objects.length) / Math.max(1, refs.length)), total: objects.length });
  progress({ phase: 'properties', done: 0, total: objects.length });
  const results = await readMany(net, receiver, refs, { signal: o.signal, onProgress, replyOctetsPerProperty: 20 });

  let k = 0;
  const points = objects.map((objectId): PointUploadItem => {
    const read = new Map<number, PropertyResult>(propertiesOf(objectId).map((id) => [id, results[k++] as PropertyResult]));
    const units = read.get(P.UNITS);
    return {
      object_type: objectId.type,
      instance_number: objectId.instance,
      name: textOf(read.get(P.OBJECT_NAME) ?? { ok: false })?.slice(0, 1000) ?? null,
      description: textOf(read.get(P.DESCRIPTION) ?? { ok: false })?.slice(0, 2000) ?? null,
      ...(units && { units: numberOf(units) }),
    };
  });
  return { database_revision: revision ? numberOf(revision) : null, object_count: objectCount, truncated: objectCount > o.maxPoints, points };
}
