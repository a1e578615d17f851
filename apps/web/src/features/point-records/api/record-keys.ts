import type { PointDataKind } from '@syrx/contracts/point-data';
import type { RecordRange } from '../utils/record-query';

/** Query keys of point records: every call of a range starts with `range(r)`, so one invalidation refreshes them. */
export const recordKeys = {
  all: ['point-records'] as const,
  range: (r: RecordRange) => [...recordKeys.all, r.kind, r.pointIds.join(','), r.from, r.to] as const,
  points: (kind: PointDataKind, pointIds: readonly number[]) => [...recordKeys.all, 'points', kind, pointIds.join(',')] as const,
};
