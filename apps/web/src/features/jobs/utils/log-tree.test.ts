import { describe, expect, it } from 'vitest';
import type { JobLog } from '@syrx/contracts/jobs';
import { buildLogTree } from './log-tree';

const log = (id: number, hasChildLogs = false, parentLogId: number | null = null): JobLog => ({
  id, jobId: 1, parentLogId, timestamp: '2025-03-07T14:00:00Z', level: 'INFO', message: `entry ${id}`, errorMessage: null, hasChildLogs,
});

describe('log tree', () => {
  it('makes entries with child logs openable and the others leaves, with children once loaded', () => {
    const tree = buildLogTree([log(1, true), log(2)], new Map());
    expect(tree.map((n) => [n.key, n.isLeaf, n.children])).toEqual([['1', false, undefined], ['2', true, undefined]]);

    const loaded = buildLogTree([log(1, true), log(2)], new Map([[1, [log(3, true, 1)]], [3, [log(4, false, 3)]]]));
    expect(loaded[0]?.children?.[0]?.key).toBe('3');
    expect(loaded[0]?.children?.[0]?.children?.map((n) => n.entry.message)).toEqual(['entry 4']);
  });
});
