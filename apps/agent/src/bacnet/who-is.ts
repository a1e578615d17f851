import { NpduControlPriority, PduType, UnconfirmedServiceChoice, type BACNetAddress, type EncodeBuffer } from '@bacnet-js/client';
// The package index exports the client, enumerations and types only; the codecs live under dist/lib.
import * as apduCodec from '@bacnet-js/client/dist/lib/apdu.js';
import * as npduCodec from '@bacnet-js/client/dist/lib/npdu.js';
import { WhoIs } from '@bacnet-js/client/dist/lib/services/index.js';

/** DNET of a global broadcast: every network of the internetwork. */
export const globalNetwork = 0xffff;
const bvlcHeaderLength = 4;
const maxHopCount = 255;

export interface WhoIsLimits {
  lowLimit?: number | null | undefined;
  highLimit?: number | null | undefined;
}

/**
 * A Who-Is NPDU for one remote network (DNET = network, no DADR: a broadcast there) or for all of them
 * (DNET 0xFFFF). The library's whoIs and whoIsThroughBBMD can send neither through a BBMD: they send a local
 * broadcast, which a standard router does not pass on, so the devices behind routers would stay unseen.
 */
export function encodeWhoIs(network: number, limits: WhoIsLimits): EncodeBuffer {
  const buffer: EncodeBuffer = { buffer: Buffer.alloc(64), offset: bvlcHeaderLength };
  const destination: BACNetAddress = network === globalNetwork ? { net: globalNetwork } : { net: network, adr: [] };
  npduCodec.encode(buffer, NpduControlPriority.NORMAL_MESSAGE, destination, undefined, maxHopCount);
  apduCodec.encodeUnconfirmedServiceRequest(buffer, PduType.UNCONFIRMED_REQUEST, UnconfirmedServiceChoice.WHO_IS);
  const ranged = limits.lowLimit !== null && limits.lowLimit !== undefined && limits.highLimit !== null && limits.highLimit !== undefined;
  WhoIs.encode(buffer, ranged ? (limits.lowLimit ?? -1) : -1, ranged ? (limits.highLimit ?? -1) : -1);
  return buffer;
}
