import type { Sort } from '@syrx/contracts/grid';

/** `sort=name:desc,status:asc`, one of the two sort forms the server accepts; undefined when unsorted. */
export const sortParam = (sort: readonly Sort[]): string | undefined =>
  sort.length === 0 ? undefined : sort.map((s) => `${s.field}:${s.dir}`).join(',');

/** A grid's paging in the server's skip/take form, from antd's page number and size. */
export const skipTake = (page: { current: number; pageSize: number }) => ({ skip: (page.current - 1) * page.pageSize, take: page.pageSize });

/** One filter as the newer base's grids (GET /roles, /group-roles, /users) read it: filter[i][field], [field_type], [operator], [value]. */
export interface GridFilter {
  field: string;
  field_type: 'string' | 'number';
  operator: 'eq' | 'contains';
  value: string;
}

export interface GridQuery {
  /** From 1. */
  pageNum: number;
  pageSize: number;
  sort: readonly Sort[];
  filters: readonly GridFilter[];
}

/** A "contains" filter on a text field, or none when the text is blank (only non-empty filters are sent). */
export const containsFilter = (field: string, text: string): GridFilter[] =>
  text.trim() === '' ? [] : [{ field, field_type: 'string', operator: 'contains', value: text.trim() }];

export interface GridQueryParams {
  pageNum: number;
  pageSize: number;
  sort?: string;
  filter?: GridFilter[];
}

/** The query of the newer base's grids: pageNum, pageSize, sort (field:dir,…) and the filters filled in (filter[i][…]). */
export function gridQueryParams(q: GridQuery): GridQueryParams {
  const sort = sortParam(q.sort);
  return {
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    ...(sort === undefined ? {} : { sort }),
    ...(q.filters.length > 0 ? { filter: [...q.filters] } : {}),
  };
}
