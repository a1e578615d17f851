import type { BacnetDevice, DeviceProperties } from '@syrx/contracts/devices';
import type { DevicePatch } from '../api/submit-devices';

/** What reloading one device gave: its properties, or the device's error (it is then unavailable). */
export type ReloadResult = { state: 'reading' } | { state: 'available'; properties: DeviceProperties } | { state: 'unavailable'; error: string };

/**
 * The PATCH for the reloaded devices: an available device with what was read; an unavailable one with its status
 * only (the server clears its name, vendor and description). Devices still reading are left out.
 */
export function reloadPatches(devices: readonly BacnetDevice[], results: ReadonlyMap<number, ReloadResult>): DevicePatch[] {
  return devices.flatMap((d): DevicePatch[] => {
    const r = results.get(d.id);
    if (r?.state === 'available') return [{ id: d.id, ...r.properties, status: 'available' }];
    if (r?.state === 'unavailable') return [{ id: d.id, status: 'unavailable' }];
    return [];
  });
}

/** How many reads ended in each outcome. */
export function tally(results: ReadonlyMap<number, ReloadResult>): { available: number; unavailable: number } {
  let available = 0;
  let unavailable = 0;
  for (const r of results.values()) {
    if (r.state === 'available') available += 1;
    if (r.state === 'unavailable') unavailable += 1;
  }
  return { available, unavailable };
}

/** Runs `work` over `items` with at most `limit` at once; stops taking new items once `stopped()` says so. */
export async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>, stopped: () => boolean): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stopped()) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
