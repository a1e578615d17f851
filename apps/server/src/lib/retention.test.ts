import { describe, expect, it } from 'vitest';
import { purgeExpired, retentionTask } from './retention.ts';

/** A table of row ages (ms before `now`) whose deletes are recorded. */
function table(ages: number[], now: number) {
  const rows = ages.map((age) => new Date(now - age));
  const statements: number[] = [];
  return {
    rows,
    statements,
    deleteOlderThan: async (cutoff: Date, limit: number) => {
      const old = rows.filter((t) => t < cutoff).slice(0, limit);
      for (const t of old) rows.splice(rows.indexOf(t), 1);
      statements.push(old.length);
      return old.length;
    },
  };
}

describe('retention', () => {
  const now = Date.parse('2025-06-01T00:00:00Z');
  const day = 86_400_000;

  it('deletes what is older than the days kept, a chunk per statement, until a chunk comes back short', async () => {
    const t = table([...Array<number>(7).fill(3 * day), day, 0], now);
    expect(await purgeExpired({ days: 2, chunk: 3, deleteOlderThan: t.deleteOlderThan }, now)).toBe(7);
    expect(t.statements).toEqual([3, 3, 1]);
    expect(t.rows).toHaveLength(2);
  });

  it('runs every policy in one task and reports what each deleted', async () => {
    const logs = table([10 * day, 0], Date.now());
    const snapshots = table([10 * day, 9 * day], Date.now());
    const infos: object[] = [];
    const task = retentionTask({
      logs: { days: 7, chunk: 100, deleteOlderThan: logs.deleteOlderThan },
      snapshots: { days: 7, chunk: 100, deleteOlderThan: snapshots.deleteOlderThan },
    }, { info: (o) => infos.push(o), error: () => undefined });
    await task.runNow();
    await task.close();
    expect(infos).toEqual([{ task: 'retention', result: { logs: 1, snapshots: 2 } }]);
  });
});
