import { AbortReason, PduType, type EncodeBuffer, type RejectReason } from '@bacnet-js/client';
import type { BacnetFailure } from '../model/property-value.ts';
import { apduCodec, ErrorService } from './bacnet-lib.ts';

/** The encoded reply would not fit any buffer we hand out; the caller answers with an Abort. */
export class ApduTooLong extends Error {}

// One scratch buffer: encoding is synchronous, so replies never overlap. Large enough for any reply we would
// send, in segments or not; anything longer is refused anyway.
const scratch = Buffer.alloc(65536);

function build(write: (target: EncodeBuffer) => void): Buffer {
  const target = { buffer: scratch, offset: 0 };
  try {
    write(target);
  } catch (error) {
    if (error instanceof RangeError) throw new ApduTooLong();
    throw error;
  }
  if (target.offset > scratch.length) throw new ApduTooLong();
  return Buffer.from(scratch.subarray(0, target.offset));
}

const serverAbort = PduType.ABORT | 0x01; // the SRV bit: sent by the server side of the transaction

export const apdu = {
  complexAck: (service: number, invokeId: number, body: (target: EncodeBuffer) => void): Buffer =>
    build((t) => {
      apduCodec.encodeComplexAck(t, PduType.COMPLEX_ACK, service, invokeId);
      body(t);
    }),
  simpleAck: (service: number, invokeId: number): Buffer => build((t) => apduCodec.encodeSimpleAck(t, PduType.SIMPLE_ACK, service, invokeId)),
  error: (service: number, invokeId: number, failure: BacnetFailure): Buffer =>
    build((t) => {
      apduCodec.encodeError(t, PduType.ERROR, service, invokeId);
      ErrorService.encode(t, failure.errorClass, failure.errorCode);
    }),
  reject: (invokeId: number, reason: RejectReason): Buffer => Buffer.from([PduType.REJECT, invokeId, reason]),
  abort: (invokeId: number, reason: AbortReason = AbortReason.SEGMENTATION_NOT_SUPPORTED): Buffer => Buffer.from([serverAbort, invokeId, reason]),
  unconfirmed: (service: number, body: (target: EncodeBuffer) => void): Buffer =>
    build((t) => {
      apduCodec.encodeUnconfirmedServiceRequest(t, PduType.UNCONFIRMED_REQUEST, service);
      body(t);
    }),
  /** A confirmed request from a device (a confirmed COV notification): no segmentation, max APDU as the code given. */
  confirmed: (service: number, invokeId: number, maxApduCode: number, body: (target: EncodeBuffer) => void): Buffer =>
    build((t) => {
      apduCodec.encodeConfirmedServiceRequest(t, PduType.CONFIRMED_REQUEST, service, 0, maxApduCode, invokeId, 0, 0);
      body(t);
    }),
};

const maxApduOctets = [50, 128, 206, 480, 1024, 1476];

/** Octets for the max-APDU code of a confirmed request (and back, for our own requests). */
export const maxApduFromCode = (code: number): number => maxApduOctets[code] ?? 1476;
export const maxApduCode = (octets: number): number => Math.max(0, maxApduOctets.filter((o) => o <= octets).length - 1);
