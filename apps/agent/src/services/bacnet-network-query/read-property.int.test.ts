import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationTag, ObjectType as T, PropertyIdentifier as P } from '@bacnet-js/client';
import type { ResponseData } from '@syrx/contracts/realtime';
import { ask, startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';

// This file's address range: the demo building at 127.0.44.0, the agent at 127.0.44.200.
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.44.0');
});
afterAll(async () => {
  await sim.stop();
});

type ReadData = { value: unknown; values: { type: number; value: unknown }[] };
const read = async (device: number, objectType: number, instance: number, propertyId: number, propertyIndex?: number | null): Promise<ResponseData> => {
  const answers = await ask(sim.handlers.ReadProperty, { ...sim.target(device), objectType, instanceNumber: instance, propertyId, propertyIndex });
  expect(answers[0]?.IsAcknowledgement).toBe(answers.length > 1);
  return answers.at(-1) as ResponseData;
};
// ReadProperty's instanceNumber is the object's instance; the device is reached through its address.
const valueOf = async (...args: Parameters<typeof read>) => {
  const final = await read(...args);
  expect(final).toMatchObject({ IsComplete: true, IsException: false });
  return (final.Data as ReadData).value;
};

describe('ReadProperty', () => {
  it('reads the present value of every object type the simulator has', async () => {
    const cases: [device: number, type: string, objectType: number, instance: number, set: number, tag: ApplicationTag][] = [
      [1101, 'analog-input', T.ANALOG_INPUT, 1, 55.5, ApplicationTag.REAL],
      [1101, 'analog-output', T.ANALOG_OUTPUT, 2, 40.25, ApplicationTag.REAL],
      [1101, 'analog-value', T.ANALOG_VALUE, 1, 56, ApplicationTag.REAL],
      [1101, 'binary-input', T.BINARY_INPUT, 1, 1, ApplicationTag.ENUMERATED],
      [1101, 'binary-output', T.BINARY_OUTPUT, 1, 1, ApplicationTag.ENUMERATED],
      [1101, 'binary-value', T.BINARY_VALUE, 1, 0, ApplicationTag.ENUMERATED],
      [1101, 'multi-state-input', T.MULTI_STATE_INPUT, 1, 2, ApplicationTag.UNSIGNED_INTEGER],
      [1201, 'multi-state-output', T.MULTI_STATE_OUTPUT, 1, 3, ApplicationTag.UNSIGNED_INTEGER],
      [1101, 'multi-state-value', T.MULTI_STATE_VALUE, 1, 4, ApplicationTag.UNSIGNED_INTEGER],
    ];
    for (const [device, type, objectType, instance, set, tag] of cases) {
      sim.site.setValue(device, { type: type as 'analog-input', instance }, set);
      const final = await read(device, objectType, instance, P.PRESENT_VALUE);
      expect(final.Data, type).toEqual({ value: set, values: [{ type: tag, value: set }] });
      expect(await valueOf(device, objectType, instance, P.OBJECT_NAME), type).toBe(sim.site.device(device).model.point({ type: objectType, instance })?.name);
    }
  });

  it('reads the device object (name by default: object type 8, property 77)', async () => {
    const answers = await ask(sim.handlers.ReadProperty, { ...sim.target(1001005), instanceNumber: 1001005 });
    expect((answers.at(-1)?.Data as ReadData).value).toBe('VAV-2-05');
    expect(await valueOf(1401, T.DEVICE, 1401, P.VENDOR_NAME)).toBe(sim.site.device(1401).model.vendorName);
    expect(await valueOf(1401, T.DEVICE, 1401, P.MAX_APDU_LENGTH_ACCEPTED)).toBe(1476);
  });

  it('reads arrays whole and by index: index 0 is the length', async () => {
    expect(await valueOf(1101, T.MULTI_STATE_VALUE, 1, P.STATE_TEXT)).toEqual(['Occupied', 'Unoccupied', 'Standby', 'Warmup']);
    expect(await valueOf(1101, T.MULTI_STATE_VALUE, 1, P.STATE_TEXT, 0)).toBe(4);
    expect(await valueOf(1101, T.MULTI_STATE_VALUE, 1, P.STATE_TEXT, 3)).toBe('Standby');
    expect(await valueOf(1101, T.ANALOG_OUTPUT, 1, P.PRIORITY_ARRAY, 0)).toBe(16);
    expect(await valueOf(1101, T.ANALOG_OUTPUT, 1, P.PRIORITY_ARRAY)).toHaveLength(16);
    const objectList = await valueOf(1101, T.DEVICE, 1101, P.OBJECT_LIST);
    expect(objectList).toHaveLength(19);
    expect((objectList as unknown[])[0]).toEqual({ type: T.DEVICE, instance: 1101 });
    expect(await valueOf(1101, T.DEVICE, 1101, P.OBJECT_LIST, 0)).toBe(19);
    expect(await valueOf(1101, T.DEVICE, 1101, P.OBJECT_LIST, 2)).toEqual({ type: T.ANALOG_INPUT, instance: 1 }); // 1 is the device itself
  });

  it('answers past the end of an array with the invalid-array-index error', async () => {
    const final = await read(1101, T.DEVICE, 1101, P.OBJECT_LIST, 20);
    expect(final).toMatchObject({ IsComplete: true, IsException: true, ExceptionType: 'BacnetError' });
    expect(final.ExceptionMessage).toBe('BACnet error property: invalid-array-index (class 2, code 42)');
  });

  it('reports what a device refuses: an unknown object, and a whole list too long for one APDU', async () => {
    expect((await read(1101, T.ANALOG_INPUT, 99, P.PRESENT_VALUE)).ExceptionMessage).toContain('unknown-object');
    const tooLong = await read(1501, T.DEVICE, 1501, P.OBJECT_LIST);
    expect(tooLong).toMatchObject({ IsException: true, ExceptionType: 'BacnetAbort' });
    expect(tooLong.ExceptionMessage).toContain('segmentation-not-supported');
  });
});
