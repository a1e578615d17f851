import type { BacnetNetwork } from '../../bacnet/bacnet-network.ts';
import { readMany } from '../../bacnet/property-reads.ts';
import type { Logger } from '../../logger.ts';
import { presentValueId, recordValue, type TrackedPoint } from './reporting-points.ts';

/**
 * Reads the present-value of one device's polled points in one chunked read (ReadPropertyMultiple sized to the
 * device, one request at a time; one ReadProperty per point for a device without it) and hands over each value
 * with the time of the reply. A point the device answers with an error, or a device that does not answer, gives
 * nothing this time (debug log).
 */
export async function pollPoints(net: BacnetNetwork, points: readonly TrackedPoint[], emit: (p: TrackedPoint, value: number | null, time: number) => void, logger: Logger): Promise<void> {
  const [first] = points;
  if (!first) return;
  try {
    const results = await readMany(net, first.receiver, points.map((p) => ({ objectId: p.objectId, propertyId: presentValueId })), { concurrency: 1 });
    const time = Date.now();
    results.forEach((r, i) => {
      const p = points[i] as TrackedPoint;
      if (r.ok) emit(p, recordValue(r.values), time);
      else logger.debug({ pointId: p.point.id, err: r.error.message }, 'reporting: present-value could not be read');
    });
  } catch (err) {
    logger.debug({ device: first.point.device_instance_number, err: String(err) }, 'reporting: a polled device did not answer');
  }
}
