import { ConfirmedServiceChoice as Service, ErrorClass, ErrorCode, PropertyIdentifier as P, ReadRangeType, ResultFlags, type BACNetObjectID, type EncodeBuffer } from '@bacnet-js/client';
import type { SimDevice } from '../model/sim-device.ts';
import type { LogRecord, SimTrendLog } from '../model/trend-log.ts';
import { apdu, maxApduFromCode } from './apdu-builders.ts';
import { apduCodec, asn1, ReadRange } from './bacnet-lib.ts';
import { MalformedRequest, type RequestBody } from './confirmed-services.ts';

interface RangeRequest {
  objectId: BACNetObjectID;
  property: { id: P; index: number };
  requestType?: ReadRangeType;
  position?: number;
  time?: Date;
  count?: number;
}

/** The records a ReadRange selects, as positions in the buffer (1-based, oldest first), before the reply's size limit. */
export interface Selection {
  first: number;
  last: number;
}

/**
 * Clause 15.8's selection: by position (1 = oldest) or sequence number, `count` items from the reference on (or, when
 * negative, up to it); by time, the first `count` records newer than the reference (or the last -count older than it).
 * Undefined when nothing matches. Without a range, the whole buffer.
 */
export function selectRecords(records: readonly LogRecord[], firstSequence: number, r: Pick<RangeRequest, 'requestType' | 'position' | 'time' | 'count'>): Selection | undefined {
  const n = records.length;
  if (n === 0) return undefined;
  const count = r.count ?? 0;
  if (r.requestType === undefined) return { first: 1, last: n };
  if (count === 0) return undefined;
  let reference: number; // 1-based position counted from
  if (r.requestType === ReadRangeType.BY_TIME_REFERENCE_TIME_COUNT) {
    const at = r.time?.getTime() ?? 0;
    // Positive: from the first record after the time on; negative: up to the last record before it.
    reference = count > 0 ? records.findIndex((rec) => rec.time > at) + 1 : records.findLastIndex((rec) => rec.time < at) + 1;
    if (reference === 0) return undefined;
  } else {
    reference = r.requestType === ReadRangeType.BY_SEQUENCE_NUMBER ? (r.position ?? 0) - firstSequence + 1 : (r.position ?? 0);
    if (reference < 1 || reference > n) return undefined;
  }
  return count > 0 ? { first: reference, last: Math.min(n, reference + count - 1) } : { first: Math.max(1, reference + count + 1), last: reference };
}

/** One BACnetLogRecord: [0] timestamp (date, time), [1] log-datum (real, enumerated or unsigned by the object's kind). */
function encodeRecord(t: EncodeBuffer, record: LogRecord, kind: SimTrendLog['logged']['kind']): void {
  const time = new Date(record.time);
  asn1.encodeOpeningTag(t, 0);
  asn1.encodeApplicationDate(t, time);
  asn1.encodeApplicationTime(t, time);
  asn1.encodeClosingTag(t, 0);
  asn1.encodeOpeningTag(t, 1);
  if (kind === 'analog') asn1.encodeContextReal(t, 2, record.value);
  else if (kind === 'binary') asn1.encodeContextEnumerated(t, 3, record.value);
  else asn1.encodeContextUnsigned(t, 4, record.value);
  asn1.encodeClosingTag(t, 1);
}

const replyOverhead = 40; // ack header, object, property, flags, count, sequence number, tags

/** The reply size the requester and the device both accept (no segmentation: one APDU). */
function replyLimit(device: SimDevice, body: RequestBody): number {
  const header = apduCodec.decodeConfirmedServiceRequest(body.buffer, 0);
  return Math.min(device.maxApdu, maxApduFromCode(header.maxApdu));
}

/**
 * ReadRange of a trend log's Log_Buffer: the records selected, as many as fit one APDU (MORE_ITEMS when some were left
 * out), with FIRST_ITEM / LAST_ITEM when the oldest / newest record is among them, and the first record's sequence
 * number for by-sequence and by-time requests.
 */
export function readRange(device: SimDevice, body: RequestBody, now: number): Buffer {
  const request = ReadRange.decode(body.buffer, body.offset, body.length) as RangeRequest | undefined;
  if (!request) throw new MalformedRequest();
  const log = device.trendLog(request.objectId);
  const failure = !log
    ? { errorClass: ErrorClass.OBJECT, errorCode: device.point(request.objectId) || device.isDevice(request.objectId) ? ErrorCode.PROPERTY_IS_NOT_A_LIST : ErrorCode.UNKNOWN_OBJECT }
    : request.property.id !== P.LOG_BUFFER
      ? { errorClass: ErrorClass.PROPERTY, errorCode: log.hasProperty(request.property.id) ? ErrorCode.PROPERTY_IS_NOT_A_LIST : ErrorCode.UNKNOWN_PROPERTY }
      : undefined;
  if (failure || !log) return apdu.error(Service.READ_RANGE, body.invokeId, failure ?? { errorClass: ErrorClass.OBJECT, errorCode: ErrorCode.UNKNOWN_OBJECT });

  const records = log.records(now);
  const firstSequence = log.firstSequenceNumber();
  const selection = selectRecords(records, firstSequence, request);
  const items: Buffer[] = [];
  let more = false;
  const backwards = (request.count ?? 0) < 0;
  if (selection) {
    const limit = replyLimit(device, body);
    let size = replyOverhead;
    // A negative count reads backwards from the reference: the records nearest it are the ones kept.
    const positions = Array.from({ length: selection.last - selection.first + 1 }, (_, i) => selection.first + i);
    if (backwards) positions.reverse();
    for (const position of positions) {
      const scratch = { buffer: Buffer.alloc(32), offset: 0 };
      encodeRecord(scratch, records[position - 1] as LogRecord, log.logged.kind);
      if (size + scratch.offset > limit) {
        more = true;
        break;
      }
      size += scratch.offset;
      items.push(scratch.buffer.subarray(0, scratch.offset));
    }
    if (backwards) items.reverse();
  }
  let kept: Selection | undefined;
  if (selection && items.length > 0) {
    kept = backwards ? { first: selection.last - items.length + 1, last: selection.last } : { first: selection.first, last: selection.first + items.length - 1 };
  }
  const flags = [
    ...(kept?.first === 1 ? [ResultFlags.FIRST_ITEM] : []),
    ...(kept?.last === records.length ? [ResultFlags.LAST_ITEM] : []),
    ...(more ? [ResultFlags.MORE_ITEMS] : []),
  ];
  const resultFlags = { bitsUsed: 3, value: [flags.reduce((bits, flag) => bits | (1 << flag), 0)] };
  return apdu.complexAck(Service.READ_RANGE, body.invokeId, (t) =>
    ReadRange.encodeAcknowledge(t, request.objectId, request.property.id, request.property.index, resultFlags, items.length, Buffer.concat(items), request.requestType ?? ReadRangeType.BY_POSITION, kept ? firstSequence + kept.first - 1 : 0),
  );
}

/**
 * ReadProperty of a trend log's Log_Device_Object_Property: a BACnetDeviceObjectPropertyReference, encoded here. Without
 * the optional device identifier (the logged object is the device's own): @bacnet-js/client's decoder would take it for
 * the object.
 */
export function readLogReference(device: SimDevice, body: RequestBody, request: { objectId: BACNetObjectID; property: { id: P; index: number } }): Buffer | undefined {
  const log = device.trendLog(request.objectId);
  if (!log || request.property.id !== P.LOG_DEVICE_OBJECT_PROPERTY) return undefined;
  return apdu.complexAck(Service.READ_PROPERTY, body.invokeId, (t) => {
    asn1.encodeContextObjectId(t, 0, request.objectId.type, request.objectId.instance);
    asn1.encodeContextEnumerated(t, 1, request.property.id);
    asn1.encodeOpeningTag(t, 3);
    asn1.encodeContextObjectId(t, 0, log.logged.id.type, log.logged.id.instance);
    asn1.encodeContextEnumerated(t, 1, P.PRESENT_VALUE);
    asn1.encodeClosingTag(t, 3);
  });
}
