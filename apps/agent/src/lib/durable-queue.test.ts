import { afterEach, describe, expect, it } from 'vitest';
import type { AgentRecord } from '@syrx/contracts/records';
import { silentLogger } from '../logger.ts';
import { tempDir } from '../testing/reporting-fixture.ts';
import { DurableQueue } from './durable-queue.ts';

// No network here: each queue is a LevelDB directory in a temporary folder per test.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
async function freshDir(): Promise<string> {
  const dir = await tempDir('queue');
  cleanups.push(dir.remove);
  return dir.path;
}
/** The reporting service's queue: records [point id, time ms, value] ordered by their time. */
async function openRecords(directory: string, maxItems = 1000): Promise<DurableQueue<AgentRecord>> {
  const queue = await DurableQueue.open<AgentRecord>({ directory, kind: 'records', timeOf: (r) => r[1], maxItems, logger: silentLogger });
  cleanups.unshift(() => queue.close().catch(() => undefined));
  return queue;
}

const t0 = Date.UTC(2026, 10, 2, 8, 0, 0);

describe('DurableQueue', () => {
  it('gives the oldest items first (time, then arrival), with depth and oldest time', async () => {
    const queue = await openRecords(await freshDir());
    expect(queue.depth).toBe(0);
    expect(queue.oldestTime).toBeNull();
    await queue.append([[1, t0 + 2000, 20.5], [2, t0 + 1000, 1]]);
    await queue.append([[3, t0 + 1000, 3], [1, t0 + 3000, 21]]);

    expect(queue.depth).toBe(4);
    expect(queue.oldestTime).toBe(t0 + 1000);
    expect((await queue.oldestBatch(10)).items).toEqual([[2, t0 + 1000, 1], [3, t0 + 1000, 3], [1, t0 + 2000, 20.5], [1, t0 + 3000, 21]]);
    expect((await queue.oldestBatch(2)).items).toEqual([[2, t0 + 1000, 1], [3, t0 + 1000, 3]]);
  });

  it('deletes only the items acknowledged, and what is left stays in order', async () => {
    const queue = await openRecords(await freshDir());
    await queue.append(Array.from({ length: 10 }, (_, i): AgentRecord => [7, t0 + i * 1000, i]));
    const first = await queue.oldestBatch(4);
    await queue.append([[8, t0 + 500, 99]]); // arrives (older) while the first batch is on its way
    expect(await queue.remove(first.keys)).toBe(4);

    expect(queue.depth).toBe(7);
    expect((await queue.oldestBatch(100)).items.map((r) => r[2])).toEqual([99, 4, 5, 6, 7, 8, 9]);
    expect(queue.oldestTime).toBe(t0 + 500);
    expect(await queue.remove(first.keys)).toBe(0); // an acknowledgement repeated deletes nothing more
    expect(queue.depth).toBe(7);
  });

  it('keeps its items, depth and order across closing and reopening (an agent restart), with keys never given twice', async () => {
    const directory = await freshDir();
    const before = await DurableQueue.open<AgentRecord>({ directory, kind: 'records', timeOf: (r) => r[1], maxItems: 1000, logger: silentLogger });
    const keysBefore = await before.append([[1, t0, 1], [1, t0 + 1000, 2]]);
    await before.close();

    const after = await openRecords(directory);
    expect(after.depth).toBe(2);
    expect(after.oldestTime).toBe(t0);
    // The same time again after the restart: a new key, not an overwrite.
    const keysAfter = await after.append([[2, t0, 3]]);
    expect(after.depth).toBe(3);
    expect((await after.oldestBatch(10)).items).toEqual([[1, t0, 1], [2, t0, 3], [1, t0 + 1000, 2]]);
    expect(new Set([...keysBefore, ...keysAfter]).size).toBe(3);
    expect((await after.oldestBatch(10)).keys).toEqual([keysBefore[0], keysAfter[0], keysBefore[1]]);
  });

  it('drops the oldest items beyond its maximum, and counts them', async () => {
    const queue = await openRecords(await freshDir(), 5);
    await queue.append(Array.from({ length: 4 }, (_, i): AgentRecord => [3, t0 + i, i]));
    await queue.append(Array.from({ length: 4 }, (_, i): AgentRecord => [3, t0 + 4 + i, 4 + i]));

    expect(queue.depth).toBe(5);
    expect(queue.dropped).toBe(3);
    expect((await queue.oldestBatch(10)).items.map((r) => r[2])).toEqual([3, 4, 5, 6, 7]);
    expect(queue.oldestTime).toBe(t0 + 3);
  });

  it('holds any JSON item (a diagnostics snapshot, a log entry) and writes each append as one batch', async () => {
    const directory = await freshDir();
    type Entry = { timestamp: number; message: string; nested: { list: number[] } };
    const queue = await DurableQueue.open<Entry>({ directory, kind: 'logs', timeOf: (e) => e.timestamp, maxItems: 100, logger: silentLogger });
    cleanups.unshift(() => queue.close().catch(() => undefined));
    const entries = Array.from({ length: 50 }, (_, i): Entry => ({ timestamp: t0 + i, message: `line ${i} ✓`, nested: { list: [i, i * 2] } }));
    await Promise.all([queue.append(entries.slice(0, 25)), queue.append(entries.slice(25))]);
    expect(queue.depth).toBe(50);
    expect((await queue.oldestBatch(100)).items).toEqual(entries);
  });
});
