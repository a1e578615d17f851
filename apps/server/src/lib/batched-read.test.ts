import { describe, expect, it } from 'vitest';
import { batchedRead, groupedBy } from './batched-read.ts';

describe('batchedRead', () => {
  it('reads the keys asked together in one call, each caller getting its own key', async () => {
    const calls: string[][] = [];
    const r = batchedRead('test', async (keys) => {
      calls.push(keys);
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    expect(await Promise.all([r.get('a'), r.get('b'), r.get('a'), r.get('c')])).toEqual(['A', 'B', 'A', 'C']);
    expect(calls).toEqual([['a', 'b', 'c']]);
    await r.close();
  });

  it('reads a key asked while its read is in flight again after it, so no answer is older than its question', async () => {
    let stored = 1;
    let release: () => void = () => undefined;
    const reads: number[] = [];
    const r = batchedRead('test', async (keys) => {
      const value = stored;
      reads.push(value);
      if (reads.length === 1) await new Promise<void>((resolve) => { release = resolve; });
      return new Map(keys.map((k) => [k, value]));
    }, 1);
    const first = r.get('a');
    await expect.poll(() => reads.length).toBe(1);
    // Changed after the first read began: a caller asking now must see the change.
    stored = 2;
    const second = r.get('a');
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    await r.close();
  });

  it('fails the callers of a key the read leaves out, and of every key when the read fails', async () => {
    const r = batchedRead('test', async (keys) => {
      if (keys.includes('broken')) throw new Error('database gone');
      return new Map(keys.filter((k) => k !== 'gone').map((k) => [k, k]));
    });
    const [found, gone] = await Promise.allSettled([r.get('here'), r.get('gone')]);
    expect(found).toEqual({ status: 'fulfilled', value: 'here' });
    expect(gone).toMatchObject({ status: 'rejected' });
    await expect(r.get('broken')).rejects.toThrow('database gone');
    await r.close();
    await expect(r.get('here')).rejects.toThrow(/closing/);
  });
});

describe('groupedBy', () => {
  it('groups in order, each item as valueOf makes it', () => {
    const rows = [{ c: 'x', v: 1 }, { c: 'y', v: 2 }, { c: 'x', v: 3 }];
    expect(groupedBy(rows, (r) => r.c)).toEqual(new Map([['x', [rows[0], rows[2]]], ['y', [rows[1]]]]));
    expect(groupedBy(rows, (r) => r.c, (r) => r.v)).toEqual(new Map([['x', [1, 3]], ['y', [2]]]));
  });
});
