import { ApplicationTag, ASN1_ARRAY_ALL, type BACNetObjectID, type BACNetReadAccess } from '@bacnet-js/client';
import { ReadPropertyMultiple } from '@bacnet-js/client/dist/lib/services/index.js';

/** Complex-ACK header: type, invoke id, service choice. */
const ackHeader = 3;

/** The octets of a ReadPropertyMultiple-ACK carrying these results, encoded by the library itself. */
export function ackOctets(results: BACNetReadAccess[]): number {
  const buffer = { buffer: Buffer.alloc(1 << 20), offset: 0 };
  ReadPropertyMultiple.encodeAcknowledge(buffer, results);
  return buffer.offset;
}

/**
 * The fewest ReadPropertyMultiple requests that carry `items` (each a reply fragment of `sizes[i]` octets, plus a
 * per-request overhead) when no reply may exceed maxApdu: greedy packing is optimal for items kept in order.
 */
export function fewestRequests(sizes: readonly number[], overhead: number, maxApdu: number): number {
  const budget = maxApdu - ackHeader - overhead;
  let requests = 0;
  let used = Infinity;
  for (const s of sizes) {
    if (used + s > budget) {
      requests++;
      used = 0;
    }
    used += s;
  }
  return requests;
}

/** Reply octets of each object-list entry when many share one read access result (the device object's). */
export function objectListEntrySizes(device: BACNetObjectID, entries: readonly BACNetObjectID[]): { sizes: number[]; overhead: number } {
  const overhead = ackOctets([{ objectId: device, values: [] }]);
  const sizes = entries.map((e, i) => ackOctets([{ objectId: device, values: [{ property: { id: 76, index: i + 1 }, value: [{ type: ApplicationTag.OBJECTIDENTIFIER, value: e }] }] }]) - overhead);
  return { sizes, overhead };
}

/** Reply octets of each object's object-name (one read access result per object). */
export function objectNameSizes(objects: readonly { id: BACNetObjectID; name: string }[]): number[] {
  return objects.map((o) => ackOctets([{ objectId: o.id, values: [{ property: { id: 77, index: ASN1_ARRAY_ALL }, value: [{ type: ApplicationTag.CHARACTER_STRING, value: o.name }] }] }]));
}
