import { describe, expect, it } from 'vitest';
import { CoalescingBatcher } from './coalescing-batcher.ts';

describe('CoalescingBatcher', () => {
  it('writes a full batch at once, keeps the latest value per key, and never overlaps batches', async () => {
    const batches: [string, number][][] = [];
    let running = 0;
    const b = new CoalescingBatcher<number, number>(async (batch) => {
      running++;
      expect(running).toBe(1);
      batches.push([...batch]);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return new Map([...batch].map(([k, v]) => [k, v * 10]));
    }, 60_000, 3);
    const full = Promise.all([b.add('a', 1), b.add('a', 2), b.add('b', 3), b.add('c', 4)]);
    const last = b.add('d', 5);
    expect(await full).toEqual([20, 20, 30, 40]);
    expect(batches).toEqual([[['a', 2], ['b', 3], ['c', 4]]]);
    // The rest waits for its delay, or for close().
    await b.close();
    expect(batches[1]).toEqual([['d', 5]]);
    expect(await last).toBe(50);
  });

  it('fails every caller of a failed batch, and the next batch goes on', async () => {
    let fail = true;
    const b = new CoalescingBatcher<number, number>(async (batch) => {
      if (fail) throw new Error('database away');
      return new Map([...batch]);
    }, 1, 100);
    await expect(Promise.all([b.add('a', 1), b.add('b', 2)])).rejects.toThrow('database away');
    fail = false;
    await expect(b.add('a', 3)).resolves.toBe(3);
    await b.close();
    await expect(b.add('a', 4)).rejects.toThrow(/closing/);
  });
});
