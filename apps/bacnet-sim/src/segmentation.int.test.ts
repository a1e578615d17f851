import { createSocket, type Socket } from 'node:dgram';
import {
  AbortReason,
  ConfirmedServiceChoice as Service,
  MaxApduLengthAccepted,
  MaxSegmentsAccepted,
  ObjectType,
  PduConReqBit,
  PduSegAckBit,
  PduType,
  PropertyIdentifier as P,
  type BACNetObjectID,
} from '@bacnet-js/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apduCodec, ReadProperty, ReadPropertyMultiple } from './protocol/bacnet-lib.ts';
import { decodeFrame, encodeFrame } from './protocol/frame.ts';
import { parseSite } from './site-loader.ts';
import { startSite, type RunningSite } from './site-runner.ts';
import { openClient, type TestClient } from './testing/test-client.ts';

// This file's address range: the site at 127.0.142.0, a raw UDP socket at .250 and a library client at .251.
const segmenting = { ip: '127.0.142.21', port: 47808 };
const plain = { ip: '127.0.142.22', port: 47808 };
const device = (instance: number): BACNetObjectID => ({ type: ObjectType.DEVICE, instance });

const deviceDefinition = (instance: number, ip: string, extra: object) => ({
  instance,
  name: `SEG-TEST-${instance}`,
  vendorName: 'Syrx test',
  vendorId: 999,
  modelName: 'Segmentation test device',
  address: { ip, port: 47808 },
  maxApdu: 206,
  objectGroups: [{ type: 'analog-value', firstInstance: 1, count: 300, name: 'AV-{n:3}', value: { kind: 'constant', value: 1 } }],
  ...extra,
});

let site: RunningSite;
let socket: Socket;
let client: TestClient;
/** APDUs that reached the raw socket, in order. */
const received: Buffer[] = [];

beforeAll(async () => {
  site = await startSite(
    parseSite({
      name: 'Segmentation',
      devices: [deviceDefinition(7001, segmenting.ip, { segmentation: 'both', segmentWindow: 4 }), deviceDefinition(7002, plain.ip, {})],
    }),
  );
  socket = createSocket('udp4');
  socket.on('message', (message, info) => {
    const apdu = decodeFrame(message, { ip: info.address, port: info.port })?.npdu?.apdu;
    if (apdu) received.push(Buffer.from(apdu));
  });
  await new Promise<void>((resolve) => socket.bind(47808, '127.0.142.250', resolve));
  client = await openClient('127.0.142.251');
});

afterAll(async () => {
  client.close();
  socket.close();
  await site.stop();
});

const send = (to: typeof segmenting, apdu: Buffer) => socket.send(encodeFrame({ apdu, expectingReply: true }), to.port, to.ip);
const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until `count` APDUs came (or `maxMs` passed), then a moment for any that should not have come; takes them. */
async function take(count: number, maxMs = 1000): Promise<Buffer[]> {
  for (let waited = 0; received.length < count && waited < maxMs; waited += 10) await settle(10);
  await settle(50);
  return received.splice(0);
}

function readPropertyRequest(invokeId: number, o: { segmentedResponseAccepted: boolean; maxSegments: number; maxApdu: number }): Buffer {
  const t = { buffer: Buffer.alloc(64), offset: 0 };
  const type = PduType.CONFIRMED_REQUEST | (o.segmentedResponseAccepted ? PduConReqBit.SEGMENTED_RESPONSE_ACCEPTED : 0);
  apduCodec.encodeConfirmedServiceRequest(t, type, Service.READ_PROPERTY, o.maxSegments, o.maxApdu, invokeId, 0, 0);
  ReadProperty.encode(t, ObjectType.DEVICE, 7001, P.OBJECT_LIST, 0xffffffff);
  return t.buffer.subarray(0, t.offset);
}

const segmentAck = (to: typeof segmenting, invokeId: number, seq: number, window: number, negative = false) =>
  socket.send(encodeFrame({ apdu: Buffer.from([PduType.SEGMENT_ACK | (negative ? PduSegAckBit.NEGATIVE_ACK : 0), invokeId, seq, window]) }), to.port, to.ip);
const moreFollows = (segment: Buffer) => ((segment[0] ?? 0) & PduConReqBit.MORE_FOLLOWS) !== 0;

/** Receives a segmented Complex-ACK whose first segment came: acknowledges each window (asking for `window`) and the last segment. */
async function receiveRest(first: Buffer, window: number): Promise<{ segments: Buffer[]; windows: number[] }> {
  const segments = [first];
  const windows = [1];
  while (moreFollows(segments.at(-1) as Buffer)) {
    segmentAck(segmenting, first[1] ?? 0, segments.at(-1)?.[2] ?? 0, window);
    const batch = await take(window);
    if (batch.length === 0) throw new Error('no more segments came');
    segments.push(...batch);
    windows.push(batch.length);
  }
  segmentAck(segmenting, first[1] ?? 0, segments.at(-1)?.[2] ?? 0, window);
  return { segments, windows };
}
/** The service data of a segmented Complex-ACK, put back together. */
const reassembled = (segments: Buffer[]) => Buffer.concat(segments.map((s) => s.subarray(5)));

describe('segmented replies (a device with segmentation both, max APDU 206, window 4)', () => {
  it('sends a long Complex-ACK in segments: the first alone, then a window of 4 per SegmentACK, each within 206 octets', async () => {
    const expected = site.device(7001).model.objectList();
    send(segmenting, readPropertyRequest(11, { segmentedResponseAccepted: true, maxSegments: MaxSegmentsAccepted.SEGMENTS_65, maxApdu: MaxApduLengthAccepted.OCTETS_1476 }));
    const firstBatch = await take(1);
    expect(firstBatch).toHaveLength(1); // the first segment waits for its SegmentACK
    const { segments, windows } = await receiveRest(firstBatch[0] as Buffer, 4);
    // 301 object identifiers of 5 octets: about 1510 octets of service data in segments of at most 201.
    expect(segments.length).toBe(8);
    expect(windows.slice(0, 3)).toEqual([1, 4, 3]);
    for (const [seq, s] of segments.entries()) {
      expect(s.length).toBeLessThanOrEqual(206);
      expect((s[0] ?? 0) & 0xf0).toBe(PduType.COMPLEX_ACK);
      expect((s[0] ?? 0) & PduConReqBit.SEGMENTED_MESSAGE).toBeTruthy();
      expect([s[1], s[2], s[3], s[4]]).toEqual([11, seq, 4, Service.READ_PROPERTY]); // invoke ID, sequence number, proposed window, service
    }
    // Reassembled, the service data decode to the whole object list.
    const data = reassembled(segments);
    const decoded = ReadProperty.decodeAcknowledge(data, 0, data.length);
    expect(decoded?.values.map((v) => v.value as unknown)).toEqual(expected);
  });

  it('sends a window again when its SegmentACK does not come, and starts from a negative SegmentACK', async () => {
    send(segmenting, readPropertyRequest(12, { segmentedResponseAccepted: true, maxSegments: MaxSegmentsAccepted.SEGMENTS_16, maxApdu: MaxApduLengthAccepted.OCTETS_206 }));
    expect((await take(1)).map((s) => s[2])).toEqual([0]);
    segmentAck(segmenting, 12, 0, 2); // a window of 2 only
    expect((await take(2)).map((s) => s[2])).toEqual([1, 2]);
    // "Segment 2 lost": a negative ACK of 1 asks again from 2.
    segmentAck(segmenting, 12, 1, 2, true);
    expect((await take(2)).map((s) => s[2])).toEqual([2, 3]);
    // No ACK: the same window again after the segment timeout (2 s).
    expect(received).toEqual([]);
    expect((await take(2, 6000)).map((s) => s[2])).toEqual([2, 3]);
    segmentAck(segmenting, 12, 7, 2); // the last one: the transfer ends, nothing more comes
    await settle(2100);
    expect(received.splice(0)).toEqual([]);
  });

  it('refuses with an Abort what the requester cannot take: no segmented response accepted, or too few segments', async () => {
    send(segmenting, readPropertyRequest(13, { segmentedResponseAccepted: false, maxSegments: 0, maxApdu: MaxApduLengthAccepted.OCTETS_1476 }));
    expect(await take(1)).toEqual([Buffer.from([PduType.ABORT | 1, 13, AbortReason.SEGMENTATION_NOT_SUPPORTED])]);
    send(segmenting, readPropertyRequest(14, { segmentedResponseAccepted: true, maxSegments: MaxSegmentsAccepted.SEGMENTS_4, maxApdu: MaxApduLengthAccepted.OCTETS_1476 }));
    expect(await take(1)).toEqual([Buffer.from([PduType.ABORT | 1, 14, AbortReason.BUFFER_OVERFLOW])]);
  });

  it('answers a device without segmentation with Abort segmentation-not-supported, as before', async () => {
    const t = { buffer: Buffer.alloc(64), offset: 0 };
    apduCodec.encodeConfirmedServiceRequest(t, PduType.CONFIRMED_REQUEST | PduConReqBit.SEGMENTED_RESPONSE_ACCEPTED, Service.READ_PROPERTY, MaxSegmentsAccepted.SEGMENTS_65, MaxApduLengthAccepted.OCTETS_1476, 15, 0, 0);
    ReadProperty.encode(t, ObjectType.DEVICE, 7002, P.OBJECT_LIST, 0xffffffff);
    send(plain, t.buffer.subarray(0, t.offset));
    expect(await take(1)).toEqual([Buffer.from([PduType.ABORT | 1, 15, AbortReason.SEGMENTATION_NOT_SUPPORTED])]);
  });

  it('is read whole by @bacnet-js/client, which reassembles the segments', async () => {
    const answer = await client.readProperty({ address: segmenting.ip }, device(7001), P.OBJECT_LIST);
    expect(answer.values.map((v) => v.value as unknown)).toEqual(site.device(7001).model.objectList());
    expect(await client.readProperty({ address: segmenting.ip }, device(7001), P.SEGMENTATION_SUPPORTED).then((a): unknown => a.values[0]?.value)).toBe(0); // segmented-both
  });
});

describe('segmented requests (the device receives segments too)', () => {
  it('acknowledges the first segment at once and then each window of 2, and answers the reassembled request', async () => {
    // A ReadPropertyMultiple of the names of 60 objects: about 300 octets, sent in segments of 64.
    const t = { buffer: Buffer.alloc(1024), offset: 0 };
    ReadPropertyMultiple.encode(t, Array.from({ length: 60 }, (_, i) => ({ objectId: { type: ObjectType.ANALOG_VALUE, instance: i + 1 }, properties: [{ id: P.OBJECT_NAME, index: 0xffffffff }] })));
    const body = t.buffer.subarray(0, t.offset);
    const parts = Array.from({ length: Math.ceil(body.length / 64) }, (_, k) => body.subarray(k * 64, (k + 1) * 64));
    const segment = (seq: number) => {
      const more = seq < parts.length - 1 ? PduConReqBit.MORE_FOLLOWS : 0;
      const type = PduType.CONFIRMED_REQUEST | PduConReqBit.SEGMENTED_MESSAGE | PduConReqBit.SEGMENTED_RESPONSE_ACCEPTED | more;
      const header = Buffer.from([type, MaxSegmentsAccepted.SEGMENTS_65 | MaxApduLengthAccepted.OCTETS_1476, 21, seq, 2, Service.READ_PROPERTY_MULTIPLE]);
      send(segmenting, Buffer.concat([header, parts[seq] as Buffer]));
    };
    const serverAck = (seq: number) => Buffer.from([PduType.SEGMENT_ACK | PduSegAckBit.SERVER, 21, seq, 2]);
    segment(0);
    expect(await take(1)).toEqual([serverAck(0)]);
    let seq = 1;
    const answers: Buffer[] = [];
    while (seq < parts.length) {
      const end = Math.min(parts.length - 1, seq + 1);
      for (; seq <= end; seq++) segment(seq);
      answers.push(...(await take(end === parts.length - 1 ? 2 : 1)));
    }
    const pduType = (a: Buffer) => (a[0] ?? 0) & 0xf0;
    const acks = answers.filter((a) => pduType(a) === Number(PduType.SEGMENT_ACK));
    expect(acks.map((a) => a[2])).toEqual(Array.from({ length: Math.ceil((parts.length - 1) / 2) }, (_, k) => Math.min(parts.length - 1, 2 * (k + 1))));
    // The answer to the whole request, in segments itself (longer than 206 octets): the 60 names.
    const first = answers.find((a) => pduType(a) === Number(PduType.COMPLEX_ACK));
    expect(first?.[1]).toBe(21);
    const data = reassembled((await receiveRest(first as Buffer, 4)).segments);
    const decoded = ReadPropertyMultiple.decodeAcknowledge(data, 0, data.length);
    expect(decoded?.values.map((v) => v.values[0]?.value[0]?.value as unknown)).toEqual(Array.from({ length: 60 }, (_, i) => `AV-${String(i + 1).padStart(3, '0')}`));
  });

  it('a device that does not receive segments aborts a segmented request', async () => {
    const header = Buffer.from([PduType.CONFIRMED_REQUEST | PduConReqBit.SEGMENTED_MESSAGE | PduConReqBit.MORE_FOLLOWS, MaxApduLengthAccepted.OCTETS_1476, 22, 0, 2, Service.READ_PROPERTY_MULTIPLE]);
    send(plain, Buffer.concat([header, Buffer.alloc(10)]));
    expect(await take(1)).toEqual([Buffer.from([PduType.ABORT | 1, 22, AbortReason.SEGMENTATION_NOT_SUPPORTED])]);
  });
});
