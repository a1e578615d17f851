import { describe, expect, it } from 'vitest';
import { InvokeIds } from './invoke-ids.ts';

describe('InvokeIds', () => {
  it('hands out 1–255 in turn and wraps past 255, never 0', () => {
    const ids = new InvokeIds();
    const taken = Array.from({ length: 256 }, () => {
      const id = ids.take();
      ids.release(id);
      return id;
    });
    expect(taken.slice(0, 3)).toEqual([1, 2, 3]);
    expect(taken[254]).toBe(255);
    expect(taken[255]).toBe(1);
    expect(taken).not.toContain(0);
  });

  it('skips an ID still in flight, and refuses when all 255 are', () => {
    const ids = new InvokeIds();
    const held = ids.take(); // 1, never released
    for (let k = 0; k < 254; k++) ids.release(ids.take());
    expect(ids.take()).not.toBe(held);
    const all = new InvokeIds();
    for (let k = 0; k < 255; k++) all.take();
    expect(() => all.take()).toThrow(/in use/);
  });
});
