import type { Sort } from '@syrx/contracts/grid';

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

/** The query string of the newer base's grids: pageNum, pageSize, sort (field:dir,…) and the filters. */
export function gridQueryParams(q: GridQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { pageNum: q.pageNum, pageSize: q.pageSize };
  if (q.sort.length > 0) params.sort = q.sort.map((s) => `${s.field}:${s.dir}`).join(',');
  q.filters.forEach((f, i) => {
    params[`filter[${i}][field]`] = f.field;
    params[`filter[${i}][field_type]`] = f.field_type;
    params[`filter[${i}][operator]`] = f.operator;
    params[`filter[${i}][value]`] = f.value;
  });
  return params;
}
