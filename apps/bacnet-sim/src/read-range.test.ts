import { ConfirmedServiceChoice, ObjectType, PduType, PropertyIdentifier as P, ReadRangeType, type BACNetObjectID } from '@bacnet-js/client';
import { describe, expect, it } from 'vitest';
import { SimDevice } from './model/sim-device.ts';
import { apduCodec, ReadRange } from './protocol/bacnet-lib.ts';
import { readRange } from './protocol/read-range.ts';
import { siteSchema, type SiteInput } from './site.schema.ts';
import { startSite } from './site-runner.ts';
import { openClient, readValues } from './testing/test-client.ts';

// 127.0.27.x: this file's UDP test.
const site = (trendLog: Record<string, unknown> = {}, maxApdu = 1476): SiteInput => ({
  name: 'Trend logs',
  devices: [{
    instance: 2701, name: 'TL-1', vendorName: 'Syrx', vendorId: 999, modelName: 'Logger', address: { ip: '127.0.27.11' }, maxApdu,
    objects: [{ type: 'analog-input', instance: 1, name: 'Ramp', value: { kind: 'ramp', from: 0, to: 3600, periodSeconds: 3600 } }],
    trendLogs: [{ instance: 1, name: 'Ramp log', object: { type: 'analog-input', instance: 1 }, logIntervalSeconds: 10, bufferSize: 50, historySeconds: 300, ...trendLog }],
  }],
});
const deviceOf = (input: SiteInput) => new SimDevice(siteSchema.parse(input).devices[0]!);
const log: BACNetObjectID = { type: ObjectType.TREND_LOG, instance: 1 };
// 2026-01-01T00:00:00Z plus five seconds: the newest record is at :00, the oldest 300 s before.
const hour = Date.UTC(2026, 0, 1);
const now = hour + 5_000;

interface Range { type: ReadRangeType; position?: number; time?: number; count: number }

/** A ReadRange request through the device's handler, its acknowledgement decoded. */
function ask(device: SimDevice, r: Range, maxApduCode = 5) {
  const t = { buffer: Buffer.alloc(200), offset: 0 };
  apduCodec.encodeConfirmedServiceRequest(t, PduType.CONFIRMED_REQUEST, ConfirmedServiceChoice.READ_RANGE, 0, maxApduCode, 7, 0, 0);
  const offset = t.offset;
  ReadRange.encode(t, log, P.LOG_BUFFER, 0xffffffff, r.type, r.position ?? 0, new Date(r.time ?? 0), r.count);
  const reply = readRange(device, { buffer: t.buffer.subarray(0, t.offset), offset, length: t.offset - offset, invokeId: 7 }, now);
  expect(reply[0]).toBe(PduType.COMPLEX_ACK);
  const ack = ReadRange.decodeAcknowledge(reply, 3, reply.length - 3);
  const flags = ack.resultFlag.value[0] ?? 0;
  return {
    count: ack.itemCount,
    times: (ack.values ?? []).map((v) => (v.timestamp.getTime() - hour) / 1000),
    values: (ack.values ?? []).map((v) => v.value),
    first: (flags & 1) !== 0,
    last: (flags & 2) !== 0,
    more: (flags & 4) !== 0,
  };
}

describe('a trend log', () => {
  it('holds what it logged at whole intervals, bounded by its buffer size', () => {
    const device = deviceOf(site());
    const read = (p: P) => device.readProperty(log, p, 0xffffffff, now);
    expect(read(P.RECORD_COUNT)).toEqual({ ok: true, values: [{ type: 2, value: 31 }] }); // -300 s … 0 s every 10 s
    expect(read(P.TOTAL_RECORD_COUNT)).toEqual({ ok: true, values: [{ type: 2, value: 31 }] });
    expect(read(P.LOG_INTERVAL)).toEqual({ ok: true, values: [{ type: 2, value: 1000 }] });
    expect(read(P.LOG_BUFFER)).toMatchObject({ ok: false }); // ReadRange only
    const later = hour + 400_000; // 40 more intervals: 71 logged, the newest 50 kept
    expect(device.readProperty(log, P.RECORD_COUNT, 0xffffffff, later)).toEqual({ ok: true, values: [{ type: 2, value: 50 }] });
    expect(device.readProperty(log, P.TOTAL_RECORD_COUNT, 0xffffffff, later)).toEqual({ ok: true, values: [{ type: 2, value: 71 }] });
    expect(device.objectList()).toContainEqual(log);
  });

  it('answers ReadRange by position, with the flags of clause 15.8', () => {
    const device = deviceOf(site());
    const oldest = ask(device, { type: ReadRangeType.BY_POSITION, position: 1, count: 3 });
    expect(oldest).toMatchObject({ count: 3, times: [-300, -290, -280], first: true, last: false, more: false });
    expect(oldest.values[1]).toBeCloseTo(3600 - 290, 3); // the ramp's value at its time
    expect(ask(device, { type: ReadRangeType.BY_POSITION, position: 31, count: -2 })).toMatchObject({ count: 2, times: [-10, 0], first: false, last: true });
    expect(ask(device, { type: ReadRangeType.BY_POSITION, position: 29, count: 10 })).toMatchObject({ count: 3, times: [-20, -10, 0], last: true, more: false });
    expect(ask(device, { type: ReadRangeType.BY_POSITION, position: 32, count: 5 })).toMatchObject({ count: 0, first: false, last: false });
  });

  it('answers ReadRange by time: records after the time (count > 0) or before it (count < 0)', () => {
    const device = deviceOf(site());
    expect(ask(device, { type: ReadRangeType.BY_TIME_REFERENCE_TIME_COUNT, time: hour - 100_000, count: 3 })).toMatchObject({ times: [-90, -80, -70], first: false, last: false });
    expect(ask(device, { type: ReadRangeType.BY_TIME_REFERENCE_TIME_COUNT, time: hour - 95_000, count: -2 })).toMatchObject({ times: [-110, -100] });
    expect(ask(device, { type: ReadRangeType.BY_TIME_REFERENCE_TIME_COUNT, time: hour - 1_000_000, count: 1 })).toMatchObject({ times: [-300], first: true });
    expect(ask(device, { type: ReadRangeType.BY_TIME_REFERENCE_TIME_COUNT, time: hour, count: 5 })).toMatchObject({ count: 0 });
    expect(ask(device, { type: ReadRangeType.BY_SEQUENCE_NUMBER, position: 31, count: 1 })).toMatchObject({ times: [0], last: true });
  });

  it('returns what fits one APDU and says there are more', () => {
    const device = deviceOf(site({}, 206));
    const r = ask(device, { type: ReadRangeType.BY_TIME_REFERENCE_TIME_COUNT, time: hour - 1_000_000, count: 31 }, 2);
    expect(r.more).toBe(true);
    expect(r.count).toBeGreaterThan(3);
    expect(r.count).toBeLessThan(31);
    expect(r.times[0]).toBe(-300);
  });

  it('refuses a site whose trend log names an object the device does not have', () => {
    const bad = siteSchema.safeParse(site({ object: { type: 'analog-input', instance: 9 } }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['devices', 0, 'trendLogs', 0, 'object']);
  });

  it('answers a BACnet client over UDP: the logged object by ReadProperty, the buffer by ReadRange', async () => {
    const running = await startSite(siteSchema.parse(site()), { now: () => now });
    const client = await openClient('127.0.27.250');
    try {
      const to = { address: '127.0.27.11' };
      const [reference] = await readValues(client, to, log, P.LOG_DEVICE_OBJECT_PROPERTY);
      expect(reference).toMatchObject({ objectId: { objectType: ObjectType.ANALOG_INPUT, instance: 1 }, id: { value: P.PRESENT_VALUE } });
      const ack = await client.readRange(to, log, 30, 2);
      expect(ack.values?.map((v) => (v.timestamp.getTime() - hour) / 1000)).toEqual([-10, 0]);
    } finally {
      client.close();
      await running.stop();
    }
  });
});
