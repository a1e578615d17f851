import type { GridFilter, Sort } from '@syrx/contracts/grid';

/** `sort=name:desc,status:asc`, one of the two sort forms the server accepts; undefined when unsorted. */
export const sortParam = (sort: readonly Sort[]): string | undefined =>
  sort.length === 0 ? undefined : sort.map((s) => `${s.field}:${s.dir}`).join(',');

/** Filters in the server's query form: filters[0][field]=name&filters[0][field_type]=string&… (gridFilterSchema). */
export function filterParams(filters: readonly GridFilter[]): Record<string, string> {
  const params: Record<string, string> = {};
  filters.forEach((f, i) => {
    params[`filters[${i}][field]`] = f.field;
    params[`filters[${i}][field_type]`] = f.field_type;
    params[`filters[${i}][operator]`] = f.operator;
    params[`filters[${i}][value]`] = f.value;
  });
  return params;
}

/** A grid's paging in the server's skip/take form, from antd's page number and size. */
export const skipTake = (page: { current: number; pageSize: number }) => ({ skip: (page.current - 1) * page.pageSize, take: page.pageSize });
