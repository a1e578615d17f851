import { ASN1_ARRAY_ALL, ApplicationTag, ObjectType, PropertyIdentifier as P, type BACNetAddress, type BACNetObjectID } from '@bacnet-js/client';
import { describe, expect, it } from 'vitest';
import { demoSiteForFile } from './testing/site-for-file.ts';
import { failureOf, readValues } from './testing/test-client.ts';

// This file's address range: the site at 127.0.33.0, its client at 127.0.33.250.
const ahu: BACNetAddress = { address: '127.0.33.11' };
const plant: BACNetAddress = { address: '127.0.33.12' };
const weather: BACNetAddress = { address: '127.0.33.13' };
const meters: BACNetAddress = { address: '127.0.33.15' };
const vav205: BACNetAddress = { address: '127.0.33.2', net: 1001, adr: [5] };
const device = (instance: number): BACNetObjectID => ({ type: ObjectType.DEVICE, instance });
const invalidArrayIndex = 'BacnetError - Class:2 - Code:42';

const demo = demoSiteForFile({ baseAddress: '127.0.33.0' });

const read = (to: BACNetAddress, objectId: BACNetObjectID, property: number, arrayIndex?: number) => readValues(demo.client, to, objectId, property, arrayIndex);

describe('ReadProperty', () => {
  it('answers the device properties', async () => {
    const properties = {
      [P.OBJECT_NAME]: 'AHU-1',
      [P.VENDOR_NAME]: 'Automated Logic Corporation',
      [P.VENDOR_IDENTIFIER]: 24,
      [P.MODEL_NAME]: 'AHU Controller',
      [P.DESCRIPTION]: 'Air handler AHU-1: floors 2-3, VAV with hot-water reheat',
      [P.FIRMWARE_REVISION]: '6.02.114',
      [P.APPLICATION_SOFTWARE_VERSION]: 'AHU-1 rev 7',
      [P.PROTOCOL_VERSION]: 1,
      [P.PROTOCOL_REVISION]: 14,
      [P.MAX_APDU_LENGTH_ACCEPTED]: 1476,
      [P.SEGMENTATION_SUPPORTED]: 3, // no-segmentation
      [P.DATABASE_REVISION]: 12,
      [P.OBJECT_TYPE]: ObjectType.DEVICE,
    };
    for (const [property, value] of Object.entries(properties)) expect(await read(ahu, device(1101), Number(property))).toEqual([value]);
    expect(await read(ahu, device(1101), P.OBJECT_IDENTIFIER)).toEqual([device(1101)]);
  });

  it('answers present-value, name and units of every object type', async () => {
    const objects: [BACNetAddress, number, number, string, ApplicationTag][] = [
      [ahu, ObjectType.ANALOG_INPUT, 1, 'AHU-1 Supply Air Temp', ApplicationTag.REAL],
      [ahu, ObjectType.ANALOG_OUTPUT, 1, 'AHU-1 Supply Fan Speed', ApplicationTag.REAL],
      [ahu, ObjectType.ANALOG_VALUE, 1, 'AHU-1 Supply Air Temp Setpoint', ApplicationTag.REAL],
      [ahu, ObjectType.BINARY_INPUT, 1, 'AHU-1 Supply Fan Status', ApplicationTag.ENUMERATED],
      [ahu, ObjectType.BINARY_OUTPUT, 1, 'AHU-1 Supply Fan Command', ApplicationTag.ENUMERATED],
      [ahu, ObjectType.BINARY_VALUE, 1, 'AHU-1 Occupied Command', ApplicationTag.ENUMERATED],
      [ahu, ObjectType.MULTI_STATE_INPUT, 1, 'AHU-1 Economizer State', ApplicationTag.UNSIGNED_INTEGER],
      [plant, ObjectType.MULTI_STATE_OUTPUT, 1, 'CT-1 Fan Speed', ApplicationTag.UNSIGNED_INTEGER],
      [ahu, ObjectType.MULTI_STATE_VALUE, 1, 'AHU-1 Occupancy Mode', ApplicationTag.UNSIGNED_INTEGER],
      [vav205, ObjectType.ANALOG_INPUT, 1, 'VAV-2-05 Zone Temp', ApplicationTag.REAL],
    ];
    for (const [to, type, instance, name, tag] of objects) {
      const objectId = { type, instance };
      expect(await read(to, objectId, P.OBJECT_NAME)).toEqual([name]);
      const [value] = (await demo.client.readProperty(to, objectId, P.PRESENT_VALUE)).values;
      expect(value?.type, name).toBe(tag);
    }
    const [temperature] = await read(ahu, { type: ObjectType.ANALOG_INPUT, instance: 1 }, P.PRESENT_VALUE);
    expect(temperature).toBeGreaterThanOrEqual(53.9);
    expect(temperature).toBeLessThanOrEqual(57.1);
    expect(await read(weather, { type: ObjectType.ANALOG_INPUT, instance: 1 }, P.UNITS)).toEqual([64]); // degrees-fahrenheit
    expect(await read(ahu, { type: ObjectType.MULTI_STATE_VALUE, instance: 1 }, P.STATE_TEXT)).toEqual(['Occupied', 'Unoccupied', 'Standby', 'Warmup']);
    expect(await read(ahu, { type: ObjectType.MULTI_STATE_VALUE, instance: 1 }, P.NUMBER_OF_STATES)).toEqual([4]);
  });

  it('walks the object list by index: 0 is the length, past the end is invalid-array-index', async () => {
    const length = (await read(ahu, device(1101), P.OBJECT_LIST, 0))[0] as number;
    expect(length).toBe(19);
    expect(await read(ahu, device(1101), P.OBJECT_LIST, 1)).toEqual([device(1101)]);
    expect(await read(ahu, device(1101), P.OBJECT_LIST, 2)).toEqual([{ type: ObjectType.ANALOG_INPUT, instance: 1 }]);
    expect(await failureOf(demo.client.readProperty(ahu, device(1101), P.OBJECT_LIST, { arrayIndex: length + 1 }))).toBe(invalidArrayIndex);
    expect(await read(meters, device(1501), P.OBJECT_LIST, 0)).toEqual([2000]);
    expect(await read(meters, device(1501), P.OBJECT_LIST, 2000)).toEqual([{ type: ObjectType.ANALOG_INPUT, instance: 5399 }]);
    expect(await failureOf(demo.client.readProperty(meters, device(1501), P.OBJECT_LIST, { arrayIndex: 2001 }))).toBe(invalidArrayIndex);
  });

  it('answers Abort segmentation-not-supported when the whole object list would not fit, and the whole list when it does', async () => {
    expect(await failureOf(demo.client.readProperty(meters, device(1501), P.OBJECT_LIST))).toBe('BacnetAbort - Reason:4');
    expect(await read(ahu, device(1101), P.OBJECT_LIST)).toHaveLength(19);
    expect(await read(vav205, device(1001005), P.OBJECT_LIST)).toHaveLength(10);
  });

  it('answers unknown-object and unknown-property', async () => {
    expect(await failureOf(demo.client.readProperty(ahu, { type: ObjectType.ANALOG_INPUT, instance: 99 }, P.PRESENT_VALUE))).toBe('BacnetError - Class:1 - Code:31');
    expect(await failureOf(demo.client.readProperty(ahu, { type: ObjectType.ANALOG_INPUT, instance: 1 }, P.STATE_TEXT))).toBe('BacnetError - Class:2 - Code:32');
    expect(await failureOf(demo.client.readProperty(ahu, { type: ObjectType.ANALOG_INPUT, instance: 1 }, P.PRESENT_VALUE, { arrayIndex: 1 }))).toBe(
      'BacnetError - Class:2 - Code:50', // property-is-not-an-array
    );
  });
});

describe('ReadPropertyMultiple', () => {
  it('answers each property, with an error in place of the one that does not exist', async () => {
    const result = await demo.client.readPropertyMultiple(ahu, [
      {
        objectId: { type: ObjectType.ANALOG_INPUT, instance: 1 },
        properties: [
          { id: P.OBJECT_NAME, index: ASN1_ARRAY_ALL },
          { id: P.STATE_TEXT, index: ASN1_ARRAY_ALL },
          { id: P.UNITS, index: ASN1_ARRAY_ALL },
        ],
      },
      { objectId: { type: ObjectType.BINARY_INPUT, instance: 42 }, properties: [{ id: P.PRESENT_VALUE, index: ASN1_ARRAY_ALL }] },
    ]);
    const [ai, missing] = result.values;
    expect(ai?.values.map((v): unknown => v.value[0]?.value)).toEqual(['AHU-1 Supply Air Temp', { errorClass: 2, errorCode: 32 }, 64]);
    expect(missing?.values[0]?.value[0]?.value as unknown).toEqual({ errorClass: 1, errorCode: 31 });
  });

  it('expands ALL to every property of the object', async () => {
    const result = await demo.client.readPropertyMultiple(ahu, [{ objectId: { type: ObjectType.ANALOG_OUTPUT, instance: 1 }, properties: [{ id: P.ALL, index: ASN1_ARRAY_ALL }] }]);
    const ids = result.values[0]?.values.map((v) => v.id) ?? [];
    expect(ids).toEqual(expect.arrayContaining([P.OBJECT_NAME, P.PRESENT_VALUE, P.PRIORITY_ARRAY, P.RELINQUISH_DEFAULT, P.UNITS, P.STATUS_FLAGS]));
  });

  it('reads chunks of the object list through the router within the MS/TP device max APDU', async () => {
    const properties = Array.from({ length: 10 }, (_, i) => ({ id: P.OBJECT_LIST, index: i + 1 }));
    const result = await demo.client.readPropertyMultiple(vav205, [{ objectId: device(1001005), properties }]);
    expect(result.values[0]?.values).toHaveLength(10);
  });

  it('is rejected (unrecognized-service) by a device without ReadPropertyMultiple', async () => {
    const request = demo.client.readPropertyMultiple(weather, [{ objectId: device(1301), properties: [{ id: P.OBJECT_NAME, index: ASN1_ARRAY_ALL }] }]);
    expect(await failureOf(request)).toBe('BacnetAbort - Reason:9'); // the library reports a Reject as an abort
  });
});
