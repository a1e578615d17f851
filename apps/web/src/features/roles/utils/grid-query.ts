import type { Sort } from '@syrx/contracts/grid';
import { sortParam } from '../../../lib/grid-query';

/** One filter as GET /roles and /group-roles read it (filter[i][field], [field_type], [operator], [value]). */
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
