import { describe, expect, it } from 'vitest';
import type { BacnetDevice } from '@syrx/contracts/devices';
import { devicePatchListSchema } from '@syrx/contracts/devices';
import { type ReloadResult, reloadPatches, runLimited, tally } from './reload-results';

const device = (id: number) => ({ id }) as BacnetDevice;
const properties = { name: 'AHU-1', vendor_name: 'Automated Logic Corporation', description: 'Air handler', model_name: 'AHU Controller', database_revision: 12 };

describe('reload results', () => {
  it('patches an available device with what was read and an unavailable one with its status only', () => {
    const results = new Map<number, ReloadResult>([
      [1, { state: 'available', properties }],
      [2, { state: 'unavailable', error: 'BacnetTimeout: The device did not answer in time' }],
      [3, { state: 'reading' }],
    ]);
    const patches = reloadPatches([device(1), device(2), device(3)], results);
    expect(patches).toEqual([{ id: 1, ...properties, status: 'available' }, { id: 2, status: 'unavailable' }]);
    expect(devicePatchListSchema.safeParse(patches).success).toBe(true);
    expect(tally(results)).toEqual({ available: 1, unavailable: 1 });
  });

  it('works through the items a few at a time and stops taking new ones once stopped', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runLimited([1, 2, 3, 4, 5, 6], 2, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 1));
      running -= 1;
      done.push(n);
    }, () => done.length >= 3);
    expect(most).toBe(2);
    expect(done.length).toBeLessThan(6);
  });
});
