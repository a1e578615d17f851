import { Table, type TableProps, Typography } from 'antd';
import type { ProcessInfo } from '@syrx/contracts/diagnostics';
import { formatOptionalDateTime } from '../../../lib/date-format';

const byNumber = (field: 'pid' | 'cpu_percent' | 'mem_percent' | 'mem_kb') => (a: ProcessInfo, b: ProcessInfo) => a[field] - b[field];
const byText = (field: 'name' | 'user' | 'command') => (a: ProcessInfo, b: ProcessInfo) => a[field].localeCompare(b[field]);
const percent = (n: number) => n.toFixed(1);

const columns: TableProps<ProcessInfo>['columns'] = [
  { title: 'PID', dataIndex: 'pid', key: 'pid', width: 90, sorter: byNumber('pid') },
  { title: 'Name', dataIndex: 'name', key: 'name', width: 180, sorter: byText('name') },
  { title: 'User', dataIndex: 'user', key: 'user', width: 110, sorter: byText('user') },
  { title: 'CPU %', dataIndex: 'cpu_percent', key: 'cpu_percent', width: 90, align: 'right', sorter: byNumber('cpu_percent'), defaultSortOrder: 'descend', render: percent },
  { title: 'Memory %', dataIndex: 'mem_percent', key: 'mem_percent', width: 110, align: 'right', sorter: byNumber('mem_percent'), render: percent },
  { title: 'Memory (KB)', dataIndex: 'mem_kb', key: 'mem_kb', width: 130, align: 'right', sorter: byNumber('mem_kb'), render: (n: number) => n.toLocaleString() },
  {
    title: 'Started', dataIndex: 'started', key: 'started', width: 200, render: formatOptionalDateTime,
    sorter: (a, b) => Date.parse(a.started ?? '') - Date.parse(b.started ?? '') || 0,
  },
  {
    title: 'Command', dataIndex: 'command', key: 'command', ellipsis: true, sorter: byText('command'),
    render: (c: string) => <Typography.Text code title={c} style={{ fontSize: 12 }}>{c}</Typography.Text>,
  },
];

/** The controller's processes in one snapshot, sortable by any column (busiest first), paged. */
export function ProcessTable({ processes }: { processes: readonly ProcessInfo[] }) {
  return (
    <Table<ProcessInfo>
      aria-label="Processes"
      rowKey="pid"
      size="small"
      columns={columns}
      dataSource={[...processes]}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100], showTotal: (total) => `${total} processes` }}
      locale={{ emptyText: 'No processes in this snapshot' }}
      scroll={{ x: 1100 }}
    />
  );
}
