import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.ts';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('KeyedQueue', () => {
  it('runs one key’s work one at a time in the order given, even when the first is the slowest', async () => {
    const q = new KeyedQueue();
    const done: string[] = [];
    await Promise.all([
      q.run('c1', async () => done.push(await later(30, 'first'))),
      q.run('c1', async () => done.push(await later(1, 'second'))),
    ]);
    expect(done).toEqual(['first', 'second']);
  });

  it('runs other keys alongside, and goes on after a failure', async () => {
    const q = new KeyedQueue();
    const done: string[] = [];
    const slow = q.run('c1', async () => done.push(await later(30, 'c1')));
    const failed = q.run('c1', () => Promise.reject(new Error('broken')));
    const after = q.run('c1', async () => done.push('c1 after the failure'));
    await q.run('c2', async () => done.push(await later(1, 'c2')));
    expect(done).toEqual(['c2']);
    await expect(failed).rejects.toThrow('broken');
    await Promise.all([slow, after]);
    expect(done).toEqual(['c2', 'c1', 'c1 after the failure']);
  });
});
