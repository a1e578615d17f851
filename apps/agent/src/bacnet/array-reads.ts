import type { ApplicationData, BACNetAddress, BACNetObjectID } from '@bacnet-js/client';
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
