import type { Sort } from '@syrx/contracts/grid';

/** `sort=name:desc,status:asc`, one of the two sort forms the server accepts; undefined when unsorted. */
export const sortParam = (sort: readonly Sort[]): string | undefined =>
  sort.length === 0 ? undefined : sort.map((s) => `${s.field}:${s.dir}`).join(',');

/** A grid's paging in the server's skip/take form, from antd's page number and size. */
export const skipTake = (page: { current: number; pageSize: number }) => ({ skip: (page.current - 1) * page.pageSize, take: page.pageSize });
