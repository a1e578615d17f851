import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadDeviceResultSchema } from '@syrx/contracts/realtime';
import { ask, startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';

// This file's address range: the demo building at 127.0.43.0, the agent at 127.0.43.200 (short APDU time-out).
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.43.0', { apduTimeoutMs: 300 });
});
afterAll(async () => {
  await sim.stop();
});

describe('ReloadDevice', () => {
  it('reads the name, vendor, description, model and database revision of an available device', async () => {
    const answers = await ask(sim.handlers.ReloadDevice, sim.target(1101));
    expect(answers[0]?.IsAcknowledgement).toBe(true);
    const final = answers.at(-1);
    expect(final).toMatchObject({ IsComplete: true, IsSuccessful: true, IsException: false });
    expect(reloadDeviceResultSchema.parse(final?.Data)).toEqual({
      name: 'AHU-1',
      vendor_name: 'Automated Logic Corporation',
      description: 'Air handler AHU-1: floors 2-3, VAV with hot-water reheat',
      model_name: 'AHU Controller',
      database_revision: sim.site.device(1101).model.databaseRevision,
    });
  });

  it('reads a device behind the router that refuses ReadPropertyMultiple', async () => {
    const final = (await ask(sim.handlers.ReloadDevice, sim.target(1001018))).at(-1);
    expect(final?.Data).toEqual({ name: 'VAV-3-08', vendor_name: 'KMC Controls, Inc.', description: expect.any(String) as string, model_name: 'VAV Controller', database_revision: 2 });
  });

  it('answers with an exception when nothing answers at the address', async () => {
    const answers = await ask(sim.handlers.ReloadDevice, { ...sim.target(1101), macAddress: '127.0.43.99:47808' });
    expect(answers.at(-1)).toMatchObject({ IsComplete: true, IsSuccessful: false, IsException: true, ExceptionType: 'BacnetTimeout', ExceptionMessage: 'The device did not answer in time' });
  });

  it('answers with an exception when the address holds another device (unknown-object)', async () => {
    const answers = await ask(sim.handlers.ReloadDevice, { ...sim.target(1101), instanceNumber: 999 });
    expect(answers.at(-1)).toMatchObject({ IsException: true, ExceptionType: 'BacnetError' });
    expect(answers.at(-1)?.ExceptionMessage).toContain('unknown-object');
  });

  it('refuses a request without an address', async () => {
    const answers = await ask(sim.handlers.ReloadDevice, { instanceNumber: 1101 });
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ IsException: true, ExceptionType: 'InvalidRequest' });
  });
});
