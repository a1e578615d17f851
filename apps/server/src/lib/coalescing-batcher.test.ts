import { describe, expect, it, vi } from 'vitest';
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
    expect(await full).toEqual([20, 20, 30, 40]);
    expect(batches).toEqual([[['a', 2], ['b', 3], ['c', 4]]]);
    // The rest waits for its delay, or for close().
    const last = b.add('d', 5);
    await b.close();
    expect(batches[1]).toEqual([['d', 5]]);
    expect(await last).toBe(50);
  });

  it('behind a slow write, coalesces what arrives into one next batch (latest per key) instead of queueing batches', async () => {
    const batches: [string, number][][] = [];
    let release: () => void = () => undefined;
    const b = new CoalescingBatcher<number, number>(async (batch) => {
      batches.push([...batch]);
      if (batches.length === 1) await new Promise<void>((r) => { release = r; });
      return new Map([...batch]);
    }, 1, 2);
    const first = Promise.all([b.add('a', 1), b.add('b', 1)]);
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    // The database is slow: every agent reports again and again meanwhile.
    const later: Promise<number>[] = [];
    for (let round = 2; round <= 50; round++) for (const key of ['a', 'b', 'c']) later.push(b.add(key, round));
    release();
    expect(await first).toEqual([1, 1]);
    expect((await Promise.all(later)).every((r) => r === 50)).toBe(true);
    // One batch after the slow one, in slices of maxBatch: a and b, then c.
    expect(batches.slice(1)).toEqual([[['a', 50], ['b', 50]], [['c', 50]]]);
    await b.close();
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

  it('with room for two batches, answers others behind a slow one, and never writes a key in two batches at once', async () => {
    const batches: [string, number][][] = [];
    const releases: (() => void)[] = [];
    const inFlight = new Set<string>();
    const b = new CoalescingBatcher<number, number>(async (batch) => {
      for (const key of batch.keys()) {
        expect(inFlight.has(key)).toBe(false);
        inFlight.add(key);
      }
      batches.push([...batch]);
      if (batch.has('slow')) await new Promise<void>((r) => releases.push(r));
      for (const key of batch.keys()) inFlight.delete(key);
      return new Map([...batch]);
    }, 1, 100, 2);
    const slow = b.add('slow', 1);
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    // The slow batch is still being written: another agent's report is answered meanwhile.
    await expect(b.add('fast', 2)).resolves.toBe(2);
    // A second report of the slow key waits for its first batch, then goes in a batch of its own.
    const again = b.add('slow', 3);
    await new Promise((r) => setTimeout(r, 20));
    expect(batches).toHaveLength(2);
    releases.shift()?.();
    expect(await slow).toBe(1);
    await vi.waitFor(() => expect(batches).toHaveLength(3));
    expect(batches[2]).toEqual([['slow', 3]]);
    releases.shift()?.();
    expect(await again).toBe(3);
    await b.close();
  });
});
