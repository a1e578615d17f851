import { afterEach, describe, expect, it } from 'vitest';
import type { AgentRecord } from '@syrx/contracts/records';
import { silentLogger } from '../../logger.ts';
import { tempDir } from '../../testing/reporting-fixture.ts';
import { RecordBuffer } from './record-buffer.ts';

// No network here: the buffer is a LevelDB directory in a temporary folder per test.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
async function freshDir(): Promise<string> {
  const dir = await tempDir('buffer');
  cleanups.push(dir.remove);
  return dir.path;
}
async function openBuffer(directory: string, maxRecords?: number): Promise<RecordBuffer> {
  const buffer = await RecordBuffer.open({ directory, maxRecords, logger: silentLogger });
  cleanups.unshift(() => buffer.close().catch(() => undefined));
  return buffer;
}

const t0 = Date.UTC(2026, 10, 2, 8, 0, 0);

describe('RecordBuffer', () => {
  it('gives the oldest records first (time, then arrival), with depth and oldest time', async () => {
    const buffer = await openBuffer(await freshDir());
    expect(buffer.depth).toBe(0);
    expect(buffer.oldestTime).toBeNull();
    await buffer.append([[1, t0 + 2000, 20.5], [2, t0 + 1000, 1]]);
    await buffer.append([[3, t0 + 1000, 3], [1, t0 + 3000, 21]]);

    expect(buffer.depth).toBe(4);
    expect(buffer.oldestTime).toBe(t0 + 1000);
    expect((await buffer.oldestBatch(10)).records).toEqual([[2, t0 + 1000, 1], [3, t0 + 1000, 3], [1, t0 + 2000, 20.5], [1, t0 + 3000, 21]]);
    expect((await buffer.oldestBatch(2)).records).toEqual([[2, t0 + 1000, 1], [3, t0 + 1000, 3]]);
  });

  it('deletes only the records acknowledged, and what is left stays in order', async () => {
    const buffer = await openBuffer(await freshDir());
    await buffer.append(Array.from({ length: 10 }, (_, i): AgentRecord => [7, t0 + i * 1000, i]));
    const first = await buffer.oldestBatch(4);
    await buffer.append([[8, t0 + 500, 99]]); // arrives (older) while the first batch is on its way
    expect(await buffer.remove(first.keys)).toBe(4);

    expect(buffer.depth).toBe(7);
    expect((await buffer.oldestBatch(100)).records.map((r) => r[2])).toEqual([99, 4, 5, 6, 7, 8, 9]);
    expect(buffer.oldestTime).toBe(t0 + 500);
    expect(await buffer.remove(first.keys)).toBe(0); // an acknowledgement repeated deletes nothing more
    expect(buffer.depth).toBe(7);
  });

  it('keeps its records, depth and order across closing and reopening (an agent restart)', async () => {
    const directory = await freshDir();
    const before = await RecordBuffer.open({ directory, logger: silentLogger });
    await before.append([[1, t0, 1], [1, t0 + 1000, 2]]);
    await before.close();

    const after = await openBuffer(directory);
    expect(after.depth).toBe(2);
    expect(after.oldestTime).toBe(t0);
    // The same time again after the restart: a new key, not an overwrite.
    await after.append([[2, t0, 3]]);
    expect(after.depth).toBe(3);
    expect((await after.oldestBatch(10)).records).toEqual([[1, t0, 1], [2, t0, 3], [1, t0 + 1000, 2]]);
  });

  it('drops the oldest records beyond its maximum, and counts them', async () => {
    const buffer = await openBuffer(await freshDir(), 5);
    await buffer.append(Array.from({ length: 4 }, (_, i): AgentRecord => [3, t0 + i, i]));
    await buffer.append(Array.from({ length: 4 }, (_, i): AgentRecord => [3, t0 + 4 + i, 4 + i]));

    expect(buffer.depth).toBe(5);
    expect(buffer.dropped).toBe(3);
    expect((await buffer.oldestBatch(10)).records.map((r) => r[2])).toEqual([3, 4, 5, 6, 7]);
    expect(buffer.oldestTime).toBe(t0 + 3);
  });
});
