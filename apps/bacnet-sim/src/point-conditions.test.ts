import { ApplicationTag, EventState, ObjectType, PropertyIdentifier as P, Reliability, type BACNetAddress, type BACNetAppData, type BACNetObjectID } from '@bacnet-js/client';
import { describe, expect, it } from 'vitest';
import { parseSite } from './site-loader.ts';
import { demoSiteForFile } from './testing/site-for-file.ts';
import { readValues } from './testing/test-client.ts';

// This file's address range: the demo building at 127.0.39.0, its client at 127.0.39.250.
const vav = (mac: number): BACNetAddress => ({ address: '127.0.39.2', net: 1001, adr: [mac] });
const ai = (instance: number): BACNetObjectID => ({ type: ObjectType.ANALOG_INPUT, instance });
const damper: BACNetObjectID = { type: ObjectType.ANALOG_OUTPUT, instance: 1 };
const real = (value: number): BACNetAppData[] => [{ type: ApplicationTag.REAL, value }];
const nullValue: BACNetAppData[] = [{ type: ApplicationTag.NULL, value: null }];

const demo = demoSiteForFile({ baseAddress: '127.0.39.0' });

const one = async (to: BACNetAddress, objectId: BACNetObjectID, property: P) => (await readValues(demo.client, to, objectId, property))[0];
/** Status_Flags as the four bits in-alarm, fault, overridden, out-of-service. */
const flagsOf = async (to: BACNetAddress, objectId: BACNetObjectID) => {
  const bits = ((await one(to, objectId, P.STATUS_FLAGS)) as { value: number[] }).value[0] ?? 0;
  return { inAlarm: (bits & 1) !== 0, fault: (bits & 2) !== 0, overridden: (bits & 4) !== 0, outOfService: (bits & 8) !== 0 };
};
const priorityArray = async (to: BACNetAddress, objectId: BACNetObjectID) =>
  (await demo.client.readProperty(to, objectId, P.PRIORITY_ARRAY)).values.map((v): unknown => (v.type === ApplicationTag.NULL ? null : v.value));

describe('the demo building\'s points in need of attention', () => {
  it('reports an unreliable sensor as Reliability and the fault flag (VAV-2-06 zone temperature: no sensor)', async () => {
    expect(await one(vav(6), ai(1), P.RELIABILITY)).toBe(Reliability.NO_SENSOR);
    expect(await flagsOf(vav(6), ai(1))).toEqual({ inAlarm: false, fault: true, overridden: false, outOfService: false });
  });

  it('reports an alarm as Event_State and the in-alarm flag (VAV-3-09 zone temperature: high limit)', async () => {
    expect(await one(vav(19), ai(1), P.EVENT_STATE)).toBe(EventState.HIGH_LIMIT);
    expect(await flagsOf(vav(19), ai(1))).toEqual({ inAlarm: true, fault: false, overridden: false, outOfService: false });
  });

  it('reports a point out of service in Out_Of_Service and the flags (VAV-2-04 discharge air)', async () => {
    expect(await one(vav(4), ai(2), P.OUT_OF_SERVICE)).toBe(true);
    expect(await flagsOf(vav(4), ai(2))).toEqual({ inAlarm: false, fault: false, overridden: false, outOfService: true });
  });

  it('leaves every other point normal', async () => {
    expect(await flagsOf(vav(6), ai(2))).toEqual({ inAlarm: false, fault: false, overridden: false, outOfService: false });
    expect(await one(vav(6), ai(2), P.RELIABILITY)).toBe(Reliability.NO_FAULT_DETECTED);
    expect(await one(vav(6), ai(2), P.EVENT_STATE)).toBe(EventState.NORMAL);
  });
});

describe('commands at start and the priority array', () => {
  it('starts with the operator\'s override at 8 (VAV-2-02 damper at 100 %), which relinquishing hands back to relinquish-default', async () => {
    const box = vav(2);
    const slots = await priorityArray(box, damper);
    expect(slots).toHaveLength(16);
    expect(slots.map((v, i) => (v === null ? null : i + 1)).filter(Boolean)).toEqual([8]);
    expect(slots[7]).toBe(100);
    expect(await one(box, damper, P.PRESENT_VALUE)).toBe(100);
    expect(await one(box, damper, P.CURRENT_COMMAND_PRIORITY)).toBe(8);

    await demo.client.writeProperty(box, damper, P.PRESENT_VALUE, real(35), { priority: 12 });
    expect(await one(box, damper, P.PRESENT_VALUE)).toBe(100); // 8 wins over 12
    await demo.client.writeProperty(box, damper, P.PRESENT_VALUE, nullValue, { priority: 8 });
    expect((await priorityArray(box, damper))[7]).toBeNull();
    expect(await one(box, damper, P.PRESENT_VALUE)).toBe(35);
    await demo.client.writeProperty(box, damper, P.PRESENT_VALUE, nullValue, { priority: 12 });
    const relinquishDefault = await one(box, damper, P.RELINQUISH_DEFAULT);
    expect(await priorityArray(box, damper)).toEqual(Array.from({ length: 16 }, () => null));
    expect(Math.abs((await one(box, damper, P.PRESENT_VALUE)) as number - (relinquishDefault as number))).toBeLessThan(1);
  });
});

describe('site file', () => {
  const site = (object: Record<string, unknown>) => parseSite({
    name: 'Conditions', devices: [{ instance: 1, name: 'D', vendorName: 'V', vendorId: 1, modelName: 'M', address: { ip: '127.0.39.77' }, objects: [object] }],
  });

  it('takes reliability and event state by name or number, and commands for outputs and values', () => {
    expect(() => site({ type: 'analog-input', instance: 1, name: 'A', reliability: 'over-range', eventState: 3 })).not.toThrow();
    expect(() => site({ type: 'binary-value', instance: 1, name: 'B', commands: [{ priority: 8, value: 1 }, { priority: 16, value: 0 }] })).not.toThrow();
  });

  it('refuses unknown conditions, commands of an input and a priority commanded twice', () => {
    expect(() => site({ type: 'analog-input', instance: 1, name: 'A', reliability: 'broken' })).toThrow(/unknown reliability/);
    expect(() => site({ type: 'analog-input', instance: 1, name: 'A', eventState: 'panic' })).toThrow(/unknown event state/);
    expect(() => site({ type: 'analog-input', instance: 1, name: 'A', commands: [{ priority: 8, value: 1 }] })).toThrow(/commands apply only to outputs and values/);
    expect(() => site({ type: 'analog-value', instance: 1, name: 'A', commands: [{ priority: 8, value: 1 }, { priority: 8, value: 2 }] })).toThrow(/priority 8 is commanded twice/);
    expect(() => site({ type: 'analog-value', instance: 1, name: 'A', commands: [{ priority: 17, value: 1 }] })).toThrow();
  });
});
