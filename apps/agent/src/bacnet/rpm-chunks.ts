import { ASN1_ARRAY_ALL, type BACNetObjectID, type BACNetReadAccessSpecification } from '@bacnet-js/client';

/** One property to read: a whole value, or one element of an array (index ≥ 1; index 0 is the length). */
export interface PropertyRef {
  objectId: BACNetObjectID;
  propertyId: number;
  index?: number | undefined;
}

const sameObject = (a: PropertyRef | undefined, b: PropertyRef) => a !== undefined && a.objectId.type === b.objectId.type && a.objectId.instance === b.objectId.instance;

/** Consecutive properties of the same object share one read access specification. */
export function toAccessSpecs(refs: readonly PropertyRef[]): BACNetReadAccessSpecification[] {
  const specs: BACNetReadAccessSpecification[] = [];
  let previous: PropertyRef | undefined;
  for (const ref of refs) {
    const property = { id: ref.propertyId, index: ref.index ?? ASN1_ARRAY_ALL };
    const last = specs.at(-1);
    if (last && sameObject(previous, ref)) last.properties.push(property);
    else specs.push({ objectId: { type: ref.objectId.type, instance: ref.objectId.instance }, properties: [property] });
    previous = ref;
  }
  return specs;
}

/** A context-tagged unsigned or enumerated value: the tag octet and 1–4 octets of value. */
const tagged = (n: number) => 1 + (n < 0x100 ? 1 : n < 0x10000 ? 2 : n < 0x1000000 ? 3 : 4);
/** Object identifier (context tag + 4) and the opening and closing tags around its properties. */
const specOctets = 5 + 2;
/** Complex-ACK header (type, invoke id, service choice) and confirmed-request header (type, max segments/APDU, invoke id, service). */
const ackHeaderOctets = 3;
const requestHeaderOctets = 4;
/** Head-room over the estimated values (names further down a list are often longer). */
const safety = 1.1;
/** How much a reply that did not fit raises the estimate beyond "it did not fit": fewer failures in a row. */
const shrink = 1.1;

/**
 * How many properties one ReadPropertyMultiple may ask for so that its request and its reply fit the device's max
 * APDU. The encoding around each value (object identifiers, property identifiers, array indices, tags) is counted
 * exactly; the values themselves are estimated — a first guess, then the mean measured in the last reply (or raised
 * by a reply that did not fit) — since names and descriptions differ from device to device.
 */
export class ChunkSizer {
  private valueOctets: number;
  private readonly replyBudget: number;
  private readonly requestBudget: number;
  /** True once a reply has been measured: the estimate is more than a guess. */
  calibrated = false;

  constructor(maxApdu: number, firstGuess: number) {
    this.valueOctets = Math.max(1, firstGuess);
    this.replyBudget = maxApdu - ackHeaderOctets;
    this.requestBudget = maxApdu - requestHeaderOctets;
  }

  /** The octets around the values of these properties, in the reply and in the request. */
  private framing(refs: readonly PropertyRef[]): { reply: number; request: number } {
    let reply = 0;
    let request = 0;
    for (let k = 0; k < refs.length; k++) {
      const ref = refs[k] as PropertyRef;
      const around = (sameObject(refs[k - 1], ref) ? 0 : specOctets) + tagged(ref.propertyId) + (ref.index === undefined ? 0 : tagged(ref.index));
      reply += around + 2; // the value's opening and closing tags
      request += around;
    }
    return { reply, request };
  }

  /** How many of these properties, from the first, fit one request (at least one). */
  fitting(refs: readonly PropertyRef[]): number {
    let reply = 0;
    let request = 0;
    for (let k = 0; k < refs.length; k++) {
      const ref = refs[k] as PropertyRef;
      const around = (sameObject(refs[k - 1], ref) ? 0 : specOctets) + tagged(ref.propertyId) + (ref.index === undefined ? 0 : tagged(ref.index));
      reply += around + 2 + this.valueOctets * safety;
      request += around;
      if (reply > this.replyBudget || request > this.requestBudget) return Math.max(1, k);
    }
    return refs.length;
  }

  /** A reply of `octets` (service data) answered these properties. */
  observed(refs: readonly PropertyRef[], octets: number): void {
    this.calibrated = true;
    // The next properties most resemble the last ones (names of one group, indices of one length).
    this.valueOctets = Math.max(1, (octets - this.framing(refs).reply) / Math.max(1, refs.length));
  }

  /**
   * The reply to these properties did not fit: their values take more than what is left of the budget. Not
   * compounded: requests sent together with the same estimate fail together.
   */
  tooLarge(refs: readonly PropertyRef[]): void {
    const room = (this.replyBudget - this.framing(refs).reply) / Math.max(1, refs.length);
    this.valueOctets = Math.max(this.valueOctets, Math.max(1, room) * shrink);
  }
}
