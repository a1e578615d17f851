import type { BACNetAddress, BACNetObjectID } from '@bacnet-js/client';
import { objectIdLabel, propertyIds } from '@syrx/contracts/bacnet';
import type { PressurePointAddress } from '@syrx/contracts/pressure-control';
import { peerKey, toReceiver } from '../../bacnet/bacnet-address.ts';
import { toBacnetError } from '../../bacnet/bacnet-errors.ts';
import type { BacnetNetwork } from '../../bacnet/bacnet-network.ts';
import { readMany, type PropertyRef, type PropertyResult } from '../../bacnet/property-reads.ts';
import { unitsFromName } from './pressure-units.ts';

/** A point the loop reads: its present-value (unless only its units are wanted, as for the output point) and units. */
export interface WantedPoint {
  key: string;
  point: PressurePointAddress;
  presentValue: boolean;
}

/** A point's present-value (NaN when not asked for) with the time of the reply, and its units. */
export interface PointReading {
  value: number;
  /** The device's units property (a BACnet engineering units number); the point list's when the device gives none. */
  units: number | null;
  time: number;
}
export type ReadOutcome = { ok: true; reading: PointReading } | { ok: false; error: Error };

/** The point as the panel names it: `OBJECT_ANALOG_INPUT:3 of device 1401`. */
export const describePoint = (p: PressurePointAddress): string => `${objectIdLabel(p.object_type, p.instance_number)} of device ${p.device_instance_number}`;

interface DeviceBatch {
  receiver: BACNetAddress;
  points: { wanted: WantedPoint; objectId: BACNetObjectID }[];
}

/**
 * Reads present-value and units of every wanted point with one chunked read per device (ReadPropertyMultiple sized to
 * the device; ReadProperty per property for a device without it), the devices at once. Each point gets an outcome:
 * its reading, or why there is none (an unreadable address, a device that did not answer, the device's error for the
 * object, a present-value that is not a number). Never rejects.
 */
export async function readPoints(net: BacnetNetwork, wanted: readonly WantedPoint[]): Promise<Map<string, ReadOutcome>> {
  const outcomes = new Map<string, ReadOutcome>();
  const devices = new Map<string, DeviceBatch>();
  for (const w of wanted) {
    const p = w.point;
    let receiver: BACNetAddress;
    try {
      receiver = toReceiver({ macAddress: p.mac_address, network: p.network, destinationMacAddress: p.destination_mac_address, destinationNetwork: p.destination_network });
    } catch (err) {
      outcomes.set(w.key, { ok: false, error: err instanceof Error ? err : new Error(String(err)) });
      continue;
    }
    const key = `${peerKey(receiver)}#${p.device_instance_number}`;
    const batch = devices.get(key) ?? { receiver, points: [] };
    batch.points.push({ wanted: w, objectId: { type: p.object_type, instance: p.instance_number } });
    devices.set(key, batch);
  }
  await Promise.all([...devices.values()].map((d) => readDevice(net, d, outcomes)));
  return outcomes;
}

async function readDevice(net: BacnetNetwork, d: DeviceBatch, outcomes: Map<string, ReadOutcome>): Promise<void> {
  const refs: PropertyRef[] = d.points.flatMap(({ wanted, objectId }) => [
    ...(wanted.presentValue ? [{ objectId, propertyId: propertyIds.presentValue }] : []),
    { objectId, propertyId: propertyIds.units },
  ]);
  let results: PropertyResult[];
  try {
    results = await readMany(net, d.receiver, refs, { concurrency: 1 });
  } catch (err) {
    for (const { wanted } of d.points) outcomes.set(wanted.key, { ok: false, error: toBacnetError(err) });
    return;
  }
  const time = Date.now();
  let k = 0;
  for (const { wanted } of d.points) {
    const pv = wanted.presentValue ? results[k++] : undefined;
    const unitsResult = results[k++];
    const deviceUnits: unknown = unitsResult?.ok ? unitsResult.values[0]?.value : undefined;
    const units = typeof deviceUnits === 'number' ? deviceUnits : unitsFromName(wanted.point.units);
    if (!pv) {
      outcomes.set(wanted.key, { ok: true, reading: { value: Number.NaN, units, time } });
      continue;
    }
    const value: unknown = pv.ok ? pv.values[0]?.value : undefined;
    if (!pv.ok) outcomes.set(wanted.key, { ok: false, error: pv.error });
    else if (typeof value !== 'number' || !Number.isFinite(value)) outcomes.set(wanted.key, { ok: false, error: new TypeError(`The present-value of ${describePoint(wanted.point)} is not a number (${JSON.stringify(value)})`) });
    else outcomes.set(wanted.key, { ok: true, reading: { value, units, time } });
  }
}
