import { Alert, Table, type TableColumnsType, type TableProps } from 'antd';

interface QueryTableProps<T extends object> {
  /** The table's accessible name. */
  label: string;
  /** The load failure's title ("The tokens could not be loaded"), shown in the table's place. */
  loadFailed: string;
  /** The empty table's text. */
  empty: string;
  query: { data: readonly T[] | undefined; isPending: boolean; error: Error | null };
  columns: TableColumnsType<T>;
  rowKey: TableProps<T>['rowKey'];
  /** The order of the rows, when not the query's. */
  order?: (a: T, b: T) => number;
  scroll?: TableProps<T>['scroll'];
}

/** A small table of all a query's rows (no paging), or why they could not be loaded. */
export function QueryTable<T extends object>({ label, loadFailed, empty, query, columns, rowKey, order, scroll }: QueryTableProps<T>) {
  if (query.error) return <Alert type="error" showIcon role="alert" title={loadFailed} description={query.error.message} />;
  // No rows while the first load runs: antd then shows its spinner without the empty text.
  const rows = query.data && order ? [...query.data].sort(order) : query.data;
  return (
    <Table<T>
      aria-label={label}
      size="small"
      rowKey={rowKey}
      loading={query.isPending}
      dataSource={rows}
      columns={columns}
      pagination={false}
      scroll={scroll}
      locale={{ emptyText: empty }}
    />
  );
}
