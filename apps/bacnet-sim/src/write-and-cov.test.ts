import {
  ApplicationTag,
  ConfirmedServiceChoice,
  ObjectType,
  PropertyIdentifier as P,
  type BACNetAddress,
  type BACNetAppData,
  type BACNetObjectID,
} from '@bacnet-js/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from './site-loader.ts';
import { startSite, type RunningSite } from './site-runner.ts';
import { failureOf, openClient, readValues, type TestClient } from './testing/test-client.ts';

// This file's address range: the site at 127.0.34.0, its client at 127.0.34.250.
const ahu: BACNetAddress = { address: '127.0.34.11' };
const plant: BACNetAddress = { address: '127.0.34.12' };
const pressurePanel: BACNetAddress = { address: '127.0.34.14' };
const vav201: BACNetAddress = { address: '127.0.34.2', net: 1001, adr: [1] };
const supplyAirSetpoint = { type: ObjectType.ANALOG_VALUE, instance: 1 };
const pnormOutput = { type: ObjectType.ANALOG_OUTPUT, instance: 1 };
const real = (value: number): BACNetAppData[] => [{ type: ApplicationTag.REAL, value }];
const nullValue: BACNetAppData[] = [{ type: ApplicationTag.NULL, value: null }];

let site: RunningSite;
let client: TestClient;

beforeAll(async () => {
  site = await startSite(await loadSite(), { baseAddress: '127.0.34.0', covIntervalMs: 50 });
  client = await openClient('127.0.34.250');
});

afterAll(async () => {
  client.close();
  await site.stop();
});

const presentValue = async (to: BACNetAddress, objectId: BACNetObjectID) => (await readValues(client, to, objectId, P.PRESENT_VALUE))[0];

interface Notification {
  objectId: BACNetObjectID;
  value: unknown;
  sender: BACNetAddress;
}

/** Unconfirmed COV notifications received while `action` runs and for `ms` after. */
async function notificationsDuring(action: () => Promise<unknown>, ms = 200): Promise<Notification[]> {
  const seen: Notification[] = [];
  const listener = (content: { header?: { sender: BACNetAddress }; payload: { monitoredObjectId: BACNetObjectID; values: { property: { id: P }; value: { value: unknown }[] }[] } }) => {
    const pv = content.payload.values.find((v) => v.property.id === P.PRESENT_VALUE);
    if (content.header) seen.push({ objectId: content.payload.monitoredObjectId, value: pv?.value[0]?.value, sender: content.header.sender });
  };
  client.on('covNotifyUnconfirmed', listener);
  await action();
  await new Promise((resolve) => setTimeout(resolve, ms));
  client.off('covNotifyUnconfirmed', listener);
  return seen;
}

describe('WriteProperty', () => {
  it('commands a value at priority 8 and relinquishes it with NULL', async () => {
    expect(await presentValue(ahu, supplyAirSetpoint)).toBe(55);
    await client.writeProperty(ahu, supplyAirSetpoint, P.PRESENT_VALUE, real(56.5), { priority: 8 });
    expect(await presentValue(ahu, supplyAirSetpoint)).toBe(56.5);
    const priorityArray = await readValues(client, ahu, supplyAirSetpoint, P.PRIORITY_ARRAY);
    expect(priorityArray).toHaveLength(16);
    expect(priorityArray[7]).toBe(56.5);
    expect(priorityArray.filter((v) => v !== null)).toHaveLength(1);

    await client.writeProperty(ahu, supplyAirSetpoint, P.PRESENT_VALUE, real(58), { priority: 12 });
    expect(await presentValue(ahu, supplyAirSetpoint)).toBe(56.5); // priority 8 still wins
    await client.writeProperty(ahu, supplyAirSetpoint, P.PRESENT_VALUE, nullValue, { priority: 8 });
    expect(await presentValue(ahu, supplyAirSetpoint)).toBe(58);
    await client.writeProperty(ahu, supplyAirSetpoint, P.PRESENT_VALUE, nullValue, { priority: 12 });
    expect(await presentValue(ahu, supplyAirSetpoint)).toBe(55); // relinquish-default
  });

  it('refuses present-value of an input, wrong types and out-of-range states', async () => {
    const input = { type: ObjectType.ANALOG_INPUT, instance: 1 };
    expect(await failureOf(client.writeProperty(ahu, input, P.PRESENT_VALUE, real(50), { priority: 8 }))).toBe('BacnetError - Class:2 - Code:40');
    const fanCommand = { type: ObjectType.BINARY_OUTPUT, instance: 1 };
    expect(await failureOf(client.writeProperty(ahu, fanCommand, P.PRESENT_VALUE, real(1), { priority: 8 }))).toBe('BacnetError - Class:2 - Code:9');
    await client.writeProperty(ahu, fanCommand, P.PRESENT_VALUE, [{ type: ApplicationTag.ENUMERATED, value: 0 }], { priority: 8 });
    expect(await presentValue(ahu, fanCommand)).toBe(0);
    const mode = { type: ObjectType.MULTI_STATE_VALUE, instance: 1 };
    const state = (value: number): BACNetAppData[] => [{ type: ApplicationTag.UNSIGNED_INTEGER, value }];
    expect(await failureOf(client.writeProperty(ahu, mode, P.PRESENT_VALUE, state(5), { priority: 8 }))).toBe('BacnetError - Class:2 - Code:37');
    await client.writeProperty(ahu, mode, P.PRESENT_VALUE, state(3), { priority: 8 });
    expect(await presentValue(ahu, mode)).toBe(3);
  });

  it('takes present-value of an input while it is out of service', async () => {
    const filterAlarm = { type: ObjectType.BINARY_INPUT, instance: 2 };
    const enumerated = (value: number): BACNetAppData[] => [{ type: ApplicationTag.ENUMERATED, value }];
    await client.writeProperty(ahu, filterAlarm, P.OUT_OF_SERVICE, [{ type: ApplicationTag.BOOLEAN, value: true }], {});
    await client.writeProperty(ahu, filterAlarm, P.PRESENT_VALUE, enumerated(1), {});
    expect(await presentValue(ahu, filterAlarm)).toBe(1);
    const flags = (await client.readProperty(ahu, filterAlarm, P.STATUS_FLAGS)).values[0]?.value as { value: number[] };
    expect(flags.value).toEqual([0b1000]); // out-of-service is bit 3
    await client.writeProperty(ahu, filterAlarm, P.OUT_OF_SERVICE, [{ type: ApplicationTag.BOOLEAN, value: false }], {});
    expect(await presentValue(ahu, filterAlarm)).toBe(0);
  });

  it('writes through the router to a device on the MS/TP network', async () => {
    const damper = { type: ObjectType.ANALOG_OUTPUT, instance: 1 };
    await client.writeProperty(vav201, damper, P.PRESENT_VALUE, real(42), { priority: 8 });
    expect(await presentValue(vav201, damper)).toBe(42);
  });
});

describe('SubscribeCOV', () => {
  it('notifies on subscription and when the value changes by the COV increment, until cancelled', async () => {
    const initial = await notificationsDuring(() => client.subscribeCov(pressurePanel, pnormOutput, 7, false, false, 300));
    expect(initial.map((n) => n.value)).toEqual([0]);

    const changed = await notificationsDuring(() => client.writeProperty(pressurePanel, pnormOutput, P.PRESENT_VALUE, real(0.04), { priority: 8 }));
    expect(changed).toHaveLength(1);
    expect(changed[0]?.objectId).toEqual(pnormOutput);
    expect(changed[0]?.value).toBeCloseTo(0.04, 5);

    const belowIncrement = await notificationsDuring(() => client.writeProperty(pressurePanel, pnormOutput, P.PRESENT_VALUE, real(0.042), { priority: 8 }));
    expect(belowIncrement).toEqual([]);

    await client.subscribeCov(pressurePanel, pnormOutput, 7, true, false, 0);
    const afterCancel = await notificationsDuring(() => client.writeProperty(pressurePanel, pnormOutput, P.PRESENT_VALUE, real(0.08), { priority: 8 }));
    expect(afterCancel).toEqual([]);
  });

  it('notifies when the process value moves (setValue) and from a device behind the router', async () => {
    const zoneTemp = { type: ObjectType.ANALOG_INPUT, instance: 1 };
    await notificationsDuring(() => client.subscribeCov(vav201, zoneTemp, 8, false, false, 60), 50);
    const seen = await notificationsDuring(async () => site.setValue(1001001, { type: 'analog-input', instance: 1 }, 79.5));
    expect(seen.at(-1)?.value).toBeCloseTo(79.5, 3);
    expect(seen.at(-1)?.sender).toMatchObject({ address: '127.0.34.2', net: 1001, adr: [1] });
    await client.subscribeCov(vav201, zoneTemp, 8, true, false, 0);
  });

  it('sends confirmed notifications when asked', async () => {
    const received = new Promise<unknown>((resolve) => {
      client.once('covNotify', (content) => {
        if (content.header && content.invokeId !== undefined) client.simpleAckResponse(content.header.sender, ConfirmedServiceChoice.CONFIRMED_COV_NOTIFICATION, content.invokeId);
        const values = (content.payload as { values: { property: { id: P }; value: { value: unknown }[] }[] }).values;
        resolve(values.find((v) => v.property.id === P.PRESENT_VALUE)?.value[0]?.value);
      });
    });
    await client.subscribeCov(ahu, supplyAirSetpoint, 9, false, true, 60);
    expect(await received).toBe(55);
    await client.subscribeCov(ahu, supplyAirSetpoint, 9, true, true, 0);
  });

  it('is rejected by a device without COV and refused for an unknown object', async () => {
    expect(await failureOf(client.subscribeCov(plant, { type: ObjectType.ANALOG_INPUT, instance: 1 }, 1, false, false, 60))).toBe('BacnetAbort - Reason:9');
    expect(await failureOf(client.subscribeCov(ahu, { type: ObjectType.ANALOG_INPUT, instance: 77 }, 1, false, false, 60))).toBe('BacnetError - Class:1 - Code:31');
  });
});

describe('object list changes', () => {
  it('adding and removing an object raises database-revision', async () => {
    const revision = async () => (await readValues(client, ahu, { type: ObjectType.DEVICE, instance: 1101 }, P.DATABASE_REVISION))[0];
    const length = async () => (await readValues(client, ahu, { type: ObjectType.DEVICE, instance: 1101 }, P.OBJECT_LIST, 0))[0];
    const before = (await revision()) as number;
    site.device(1101).addObject({ type: 'analog-value', instance: 50, name: 'AHU-1 Static Pressure Reset', units: 'inches-of-water' });
    expect(await revision()).toBe(before + 1);
    expect(await length()).toBe(20);
    expect(await presentValue(ahu, { type: ObjectType.ANALOG_VALUE, instance: 50 })).toBe(0);
    expect(site.device(1101).removeObject({ type: 'analog-value', instance: 50 })).toBe(true);
    expect(await revision()).toBe(before + 2);
    expect(await length()).toBe(19);
  });
});
