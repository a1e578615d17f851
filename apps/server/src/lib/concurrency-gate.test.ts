import { describe, expect, it } from 'vitest';
import { ConcurrencyGate } from './concurrency-gate.ts';

describe('ConcurrencyGate', () => {
  it('runs at most `limit` at once, queues up to `maxQueued`, refuses the rest at once', async () => {
    const gate = new ConcurrencyGate(2, 1);
    let active = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const work = () => new Promise<string>((resolve) => {
      active++;
      peak = Math.max(peak, active);
      releases.push(() => {
        active--;
        resolve('done');
      });
    });
    const runs = [gate.run(work), gate.run(work), gate.run(work)];
    expect(await gate.run(work)).toBe('busy');
    expect(gate.queued).toBe(1);
    // Each release lets the next in line start, never more than two at once.
    for (let released = 0; released < 3; released++) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done']);
    expect(peak).toBe(2);
    // A failure frees its slot too.
    await expect(gate.run(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await gate.run(async () => 'again')).toBe('again');
  });
});
