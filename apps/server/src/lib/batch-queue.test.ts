import { describe, expect, it } from 'vitest';
import { BatchQueue } from './batch-queue.ts';

const settled = <R>(values: R[]): PromiseSettledResult<R>[] => values.map((value) => ({ status: 'fulfilled', value }));

describe('BatchQueue', () => {
  it('writes the items of many callers together, one item per key in a write, in order', async () => {
    const writes: string[][] = [];
    const queue = new BatchQueue<string, string>(async (items) => {
      writes.push(items);
      return settled(items.map((i) => `stored ${i}`));
    }, { delayMs: 20, maxBatch: 100, maxQueued: 100 });
    const answers = await Promise.all([queue.add('a', 'a1'), queue.add('b', 'b1'), queue.add('a', 'a2'), queue.add('c', 'c1'), queue.add('a', 'a3')]);
    expect(answers).toEqual(['stored a1', 'stored b1', 'stored a2', 'stored c1', 'stored a3']);
    expect(writes).toEqual([['a1', 'b1', 'c1'], ['a2'], ['a3']]);
  });

  it('writes at once when a batch is full, and answers busy past the queue bound without queueing', async () => {
    const writes: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const queue = new BatchQueue<number, number>(async (items) => {
      writes.push(items);
      await gate;
      return settled(items);
    }, { delayMs: 60_000, maxBatch: 2, maxQueued: 3 });
    const first = [queue.add('1', 1), queue.add('2', 2)];
    await new Promise((r) => setTimeout(r, 10));
    expect(writes).toEqual([[1, 2]]);
    const waiting = [queue.add('3', 3), queue.add('4', 4), queue.add('5', 5)];
    expect(await queue.add('6', 6)).toBe('busy');
    release();
    expect(await Promise.all([...first, ...waiting])).toEqual([1, 2, 3, 4, 5]);
  });

  it('fails only the items the write says failed, and every item of a write that threw', async () => {
    let throwNext = false;
    const queue = new BatchQueue<number, number>(async (items) => {
      if (throwNext) throw new Error('database gone');
      return items.map((i): PromiseSettledResult<number> => (i < 0 ? { status: 'rejected', reason: new Error(`bad ${i}`) } : { status: 'fulfilled', value: i }));
    }, { delayMs: 5, maxBatch: 10, maxQueued: 10 });
    const [good, bad] = await Promise.allSettled([queue.add('a', 1), queue.add('b', -1)]);
    expect(good).toEqual({ status: 'fulfilled', value: 1 });
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('bad -1') });
    throwNext = true;
    await expect(queue.add('a', 2)).rejects.toThrow('database gone');
  });

  it('writes what waits when closed, and answers busy after', async () => {
    const written: number[] = [];
    const queue = new BatchQueue<number, number>(async (items) => {
      written.push(...items);
      return settled(items);
    }, { delayMs: 60_000, maxBatch: 10, maxQueued: 10 });
    const pending = [queue.add('a', 1), queue.add('a', 2)];
    await queue.close();
    expect(await Promise.all(pending)).toEqual([1, 2]);
    expect(written).toEqual([1, 2]);
    expect(await queue.add('a', 3)).toBe('busy');
  });
});
