import type { TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { Sort } from '@syrx/contracts/grid';
import { sortFromSorter } from '../../../lib/table-sort';

/** A column's sort order as antd shows it, from the grid's sort. */
export const orderOf = (sort: readonly Sort[], field: string): SortOrder => {
  const dir = sort.find((s) => s.field === field)?.dir;
  return dir === undefined ? null : dir === 'asc' ? 'ascend' : 'descend';
};

/** A sortable column's props (the server sorts). */
export const sortable = (sort: readonly Sort[], field: string) => ({ key: field, sorter: true, sortOrder: orderOf(sort, field) });

/** The sort and page a table change asks for; without a sorted column, the default sort. */
export function tableChange<T>(
  pagination: Parameters<NonNullable<TableProps<T>['onChange']>>[0],
  sorter: Parameters<NonNullable<TableProps<T>['onChange']>>[2],
  fallback: readonly Sort[],
  pageSize: number,
): { sort: Sort[]; paging: { current: number; pageSize: number } } {
  return {
    sort: sortFromSorter(sorter, fallback),
    paging: { current: pagination.current ?? 1, pageSize: pagination.pageSize ?? pageSize },
  };
}
