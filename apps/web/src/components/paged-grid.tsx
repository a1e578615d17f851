import { type ReactNode, useState } from 'react';
import { Alert, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { Sort } from '@syrx/contracts/grid';
import { sortFromSorter } from '../lib/table-sort';

/**
 * The width a grid has in a 1440 px wide window: the layout has no side menu (the menu is the header's), Layout.Content
 * pads 24 px on each side, and the page's vertical scrollbar takes 15.
 */
export const gridWidthAt1440 = 1440 - 2 * 24 - 15;

/** A timestamp column's width: "03/07/2025 02:05:09 pm" on two lines (date, then time), so that many fit. */
export const timestampColumnWidth = 130;

/** What a column without a width needs at least (its text wraps below that); the expand column's width. */
const flexibleColumnWidth = 100;
const expandColumnWidth = 48;

/**
 * The width below which the grid scrolls sideways instead of squeezing: the columns' widths, the flexible ones at
 * their least. A grid whose columns add up to `gridWidthAt1440` or less shows every column in a 1440 px window.
 */
export function gridMinWidth(columns: TableColumnsType<never>, expandable = false): number {
  const widths = columns.map((c) => (typeof c.width === 'number' ? c.width : flexibleColumnWidth));
  return widths.reduce((sum, w) => sum + w, expandable ? expandColumnWidth : 0);
}

/** A column's sort order as antd shows it, from the grid's sort. */
const orderOf = (sort: readonly Sort[], field: string): SortOrder => {
  const dir = sort.find((s) => s.field === field)?.dir;
  return dir === undefined ? null : dir === 'asc' ? 'ascend' : 'descend';
};

/** The props of a column the server sorts; `descendingFirst`: a first click sorts newest or largest first. */
export function sortableColumn(sort: readonly Sort[], field: string, descendingFirst = false) {
  const props = { key: field, sorter: true, sortOrder: orderOf(sort, field) };
  return descendingFirst ? { ...props, sortDirections: ['descend', 'ascend'] as SortOrder[] } : props;
}

/**
 * The pagination of a table the server pages: the page shown, the total, the page sizes to choose from and, given what
 * the rows are ("points"), "1-20 of 45 points".
 */
export function serverPagination(paging: { current: number; pageSize: number }, total: number, pageSizes: number[], noun?: string) {
  const showTotal = noun === undefined ? {} : { showTotal: (n: number, [from, to]: [number, number]) => `${from}-${to} of ${n} ${noun}` };
  return { ...paging, total, showSizeChanger: true, pageSizeOptions: pageSizes, ...showTotal };
}

/**
 * A table's empty text, shown only once its page has come back empty: none while the rows shown are still the previous
 * page's (`keepPreviousData`). A table given no rows while its first page loads shows only antd's spinner.
 */
export const loadedEmptyText = (query: { isPlaceholderData: boolean }, text: ReactNode): ReactNode => (query.isPlaceholderData ? null : text);

/** A paged grid's sort and page (from 1), starting at `defaultSort` (the sort again when no column is sorted). */
export function usePagedGrid(defaultSort: readonly Sort[], pageSize = 20) {
  const [sort, setSort] = useState<Sort[]>(() => [...defaultSort]);
  const [paging, setPaging] = useState({ current: 1, pageSize });
  return {
    sort,
    paging,
    /** Back to the first page, as after a change of the filters. */
    firstPage: () => setPaging((p) => ({ ...p, current: 1 })),
    /** The table's change of page, page size or sorted column. */
    onTableChange: (pagination: { current?: number; pageSize?: number }, sorter: unknown) => {
      setSort(sortFromSorter(sorter, defaultSort));
      setPaging({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? paging.pageSize });
    },
  };
}
export type PagedGridState = ReturnType<typeof usePagedGrid>;

/** A paged grid's filters, starting at `initial`: a change of them goes back to the first page. */
export function useGridFilters<F>(initial: F, grid: PagedGridState): [F, (next: F) => void] {
  const [filters, setFilters] = useState(initial);
  const change = (next: F) => {
    setFilters(next);
    grid.firstPage();
  };
  return [filters, change];
}

/**
 * A page as a query gives it: its rows and total once loaded, whether the first load runs, whether the rows shown are
 * still the previous page's while this one loads (`keepPreviousData`), and why it failed.
 */
export interface GridSource<T> {
  data: { items: readonly T[]; total: number } | undefined;
  isPending: boolean;
  isPlaceholderData: boolean;
  error: Error | null;
}

interface PagedGridProps<T extends object> {
  /** The table's accessible name ("Roles"). */
  label: string;
  /** What the rows are ("roles"): "The roles could not be loaded", "No roles" and "1-20 of 45 roles" say it. */
  what: string;
  /** Other texts than those: the load failure's title, the empty grid's, and the total's noun (false: no total). */
  texts?: { loadFailed?: string; empty?: string; total?: string | false };
  grid: PagedGridState;
  columns: TableColumnsType<T>;
  rowKey: TableProps<T>['rowKey'];
  source: GridSource<T>;
  pageSizes: number[];
  expandable?: TableProps<T>['expandable'];
  /** Rows to select (a checkbox column). */
  rowSelection?: TableProps<T>['rowSelection'];
}

/**
 * A grid the server pages and sorts (its filters live in the screen): the load failure above the table, paging with
 * sizes to choose from, and columns that fit the window's width (at least `gridMinWidth`; narrower, it scrolls).
 */
export function PagedGrid<T extends object>({ label, what, texts = {}, grid, columns, rowKey, source, pageSizes, expandable, rowSelection }: PagedGridProps<T>) {
  const totalOf = texts.total ?? what;
  return (
    <>
      {source.error && <Alert type="error" showIcon role="alert" title={texts.loadFailed ?? `The ${what} could not be loaded`} description={source.error.message} />}
      <Table<T>
        aria-label={label}
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={source.data?.items}
        loading={source.isPending || source.isPlaceholderData}
        expandable={expandable}
        rowSelection={rowSelection}
        onChange={(pagination, _filters, sorter) => grid.onTableChange(pagination, sorter)}
        pagination={serverPagination(grid.paging, source.data?.total ?? 0, pageSizes, totalOf === false ? undefined : totalOf)}
        locale={{ emptyText: source.error ? null : loadedEmptyText(source, texts.empty ?? `No ${what}`) }}
        tableLayout="fixed"
        scroll={{ x: gridMinWidth(columns as TableColumnsType<never>, expandable !== undefined) }}
      />
    </>
  );
}
