import { ConfirmedServiceChoice, MaxApduLengthAccepted, MaxSegmentsAccepted, NpduControlBit, NpduControlPriority, PduType, PropertyIdentifier, ReadRangeType, ResultFlags, type BACNetAddress, type BACNetObjectID, type EncodeBuffer, type ReadRangeAcknowledge } from '@bacnet-js/client';
import * as apduCodec from '@bacnet-js/client/dist/lib/apdu.js';
import * as npduCodec from '@bacnet-js/client/dist/lib/npdu.js';
import { ReadRange } from '@bacnet-js/client/dist/lib/services/index.js';

/** One record of a trend log's buffer: its time (ms) and value; null for a log-status or other non-number entry. */
export interface TrendRecord {
  time: number;
  value: number | null;
}

export interface RangeAnswer {
  records: TrendRecord[];
  /** MORE_ITEMS: records matched that did not fit the reply. */
  more: boolean;
  /** LAST_ITEM: the newest record of the buffer is among these. */
  last: boolean;
}

/**
 * The parts of @bacnet-js/client that its own readRange uses. Its readRange only reads by position; by time is the
 * same exchange with another range, so it is sent here through them (checked at run time: an upgrade that renames
 * them fails loudly rather than silently).
 */
interface ClientInternals {
  _getApduBuffer(receiver: BACNetAddress): EncodeBuffer;
  _requestManager: { add(invokeId: number): Promise<{ buffer: Buffer; offset: number; length: number }> };
  sendBvlc(receiver: BACNetAddress, buffer: EncodeBuffer): void;
}

function internals(client: object): ClientInternals {
  const c = client as Partial<ClientInternals>;
  if (typeof c._getApduBuffer !== 'function' || typeof c._requestManager?.add !== 'function' || typeof c.sendBvlc !== 'function') {
    throw new Error('@bacnet-js/client no longer has the internals ReadRange by time needs');
  }
  return c as ClientInternals;
}

/** The records of a ReadRange acknowledgement (times as the device's local time, read in this process's zone). */
export function rangeAnswer(ack: ReadRangeAcknowledge): RangeAnswer {
  const flags = ack.resultFlag.value[0] ?? 0;
  const records = (ack.values ?? []).map((r): TrendRecord => ({
    time: r.timestamp.getTime(),
    value: r.isLogStatus || r.isTimeChange ? null : typeof r.value === 'number' ? r.value : typeof r.value === 'boolean' ? Number(r.value) : null,
  }));
  return { records, more: (flags & (1 << ResultFlags.MORE_ITEMS)) !== 0, last: (flags & (1 << ResultFlags.LAST_ITEM)) !== 0 };
}

/**
 * ReadRange of a trend log's Log_Buffer by time: the first `count` records newer than `after` (clause 15.8). One
 * transmission with the invoke ID given (BacnetNetwork.readRangeByTime adds retries). It accepts no segmented reply: a
 * device then answers what fits one APDU and says MORE_ITEMS, and the caller asks again from the last record.
 */
export async function readRangeByTime(client: object, receiver: BACNetAddress, logId: BACNetObjectID, after: number, count: number, invokeId: number): Promise<RangeAnswer> {
  const c = internals(client);
  const buffer = c._getApduBuffer(receiver);
  npduCodec.encode(buffer, NpduControlPriority.NORMAL_MESSAGE | NpduControlBit.EXPECTING_REPLY, receiver);
  apduCodec.encodeConfirmedServiceRequest(buffer, PduType.CONFIRMED_REQUEST, ConfirmedServiceChoice.READ_RANGE, MaxSegmentsAccepted.SEGMENTS_0, MaxApduLengthAccepted.OCTETS_1476, invokeId, 0, 0);
  ReadRange.encode(buffer, logId, PropertyIdentifier.LOG_BUFFER, 0xffffffff, ReadRangeType.BY_TIME_REFERENCE_TIME_COUNT, 0, new Date(after), count);
  c.sendBvlc(receiver, buffer);
  const data = await c._requestManager.add(invokeId);
  const ack = ReadRange.decodeAcknowledge(data.buffer, data.offset, data.length);
  if (!ack) throw new Error('An unreadable ReadRange acknowledgement');
  return rangeAnswer(ack);
}
