import type { ApplicationData, ApplicationTag, BACNetAddress, BACNetObjectID } from '@bacnet-js/client';
import { toBacnetError } from './bacnet-errors.ts';
import type { BacnetNetwork } from './bacnet-network.ts';
import { readMany, type ReadManyOptions } from './property-reads.ts';

/** The value of an element, first guess: an object identifier (application tag and 4 octets), as in object-list. */
const elementValueOctets = 5;
/** An element with its framing in a reply, for windows of about one reply. */
const octetsPerElement = 12;

/**
 * Index 0 of an array property: its length. Null when the device answers with an error, abort or reject instead
 * (some do not give index 0); a device that does not answer rejects.
 */
export async function readArrayLength(net: BacnetNetwork, receiver: BACNetAddress, objectId: BACNetObjectID, propertyId: number): Promise<number | null> {
  try {
    const [first] = await net.readProperty(receiver, objectId, propertyId, 0);
    return typeof first?.value === 'number' ? first.value : null;
  } catch (err) {
    const e = toBacnetError(err);
    if (e.kind === 'error' || e.kind === 'abort') return null;
    throw e;
  }
}

export interface ArrayElements {
  elements: ApplicationData[][];
  /** True when invalid-array-index came before `to`: the array ends there. */
  ended: boolean;
}

/**
 * Elements `from`…`to` (1-based, inclusive), in chunks of ReadPropertyMultiple or one by one. invalid-array-index
 * marks the end of the array (the list may be shorter than its length said); any other error rejects.
 */
export async function readArrayElements(net: BacnetNetwork, receiver: BACNetAddress, objectId: BACNetObjectID, propertyId: number, from: number, to: number, opts: ReadManyOptions = {}): Promise<ArrayElements> {
  const refs = Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => ({ objectId, propertyId, index: from + k }));
  const results = await readMany(net, receiver, refs, { replyOctetsPerProperty: elementValueOctets, ...opts });
  const elements: ApplicationData[][] = [];
  for (const r of results) {
    if (r.ok) elements.push(r.values);
    else if (r.error.isInvalidArrayIndex) return { elements, ended: true };
    else throw r.error;
  }
  return { elements, ended: false };
}

/**
 * Reads an array element by element until invalid-array-index (or `max` elements), for a device that does not
 * give the length at index 0. Windows of about one reply each, so little is read past the end.
 */
export async function readArrayUntilEnd(net: BacnetNetwork, receiver: BACNetAddress, objectId: BACNetObjectID, propertyId: number, max: number, opts: ReadManyOptions = {}): Promise<ApplicationData[][]> {
  const window = Math.max(8, Math.floor(net.peers.maxApdu(receiver) / octetsPerElement));
  const all: ApplicationData[][] = [];
  while (all.length < max) {
    const from = all.length + 1;
    const before = all.length;
    const { elements, ended } = await readArrayElements(net, receiver, objectId, propertyId, from, Math.min(max, from + window - 1), {
      ...opts,
      onProgress: opts.onProgress && ((done) => opts.onProgress?.(before + done)),
    });
    all.push(...elements);
    if (ended) break;
  }
  return all;
}

/** Segments of one reply the agent asks for at most (the library accepts more than 64; a device may send fewer). */
const maxSegmentsPerReply = 64;
/** A segmented Complex-ACK's header: type, invoke ID, sequence number, window, service. */
const segmentHeaderOctets = 5;

/**
 * The whole array in one ReadProperty, which a device that sends segmented replies (segmentation-supported both or
 * transmit) answers in segments of its max APDU; the library reassembles them. The result is checked: exactly
 * `expectedLength` elements (the length read at index 0, when the device gave it), each of application tag
 * `elementTag`. Null — read the elements in chunks instead — when the device does not send segments, when the reply
 * would take more than 64 segments, when the device refuses (an Abort or an Error), or when the reassembled reply
 * fails the check. A device that does not answer rejects.
 */
export async function readWholeArray(net: BacnetNetwork, receiver: BACNetAddress, objectId: BACNetObjectID, propertyId: number, expected: { length: number | null; elementTag: ApplicationTag }): Promise<ApplicationData[][] | null> {
  if (!net.peers.sendsSegments(receiver)) return null;
  const capacity = maxSegmentsPerReply * (net.peers.maxApdu(receiver) - segmentHeaderOctets);
  if (expected.length !== null && expected.length * elementValueOctets > capacity) return null;
  let values: ApplicationData[];
  try {
    values = await net.readProperty(receiver, objectId, propertyId);
  } catch (err) {
    const e = toBacnetError(err);
    if (e.kind === 'error' || e.kind === 'abort') return null;
    throw e;
  }
  const complete = (expected.length === null || values.length === expected.length) && values.every((v) => v.type === expected.elementTag);
  return complete ? values.map((v) => [v]) : null;
}
