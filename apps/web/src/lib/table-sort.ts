import type { Sort } from '@syrx/contracts/grid';

/** A grid's sort from antd's Table sorter (one column), or `fallback` when no column is sorted. */
export function sortFromSorter(sorter: unknown, fallback: readonly Sort[] = []): Sort[] {
  const one = (Array.isArray(sorter) ? sorter[0] : sorter) as { columnKey?: unknown; order?: 'ascend' | 'descend' | null } | undefined;
  const field = typeof one?.columnKey === 'string' ? one.columnKey : undefined;
  return field && one?.order ? [{ field, dir: one.order === 'ascend' ? 'asc' : 'desc' }] : [...fallback];
}
