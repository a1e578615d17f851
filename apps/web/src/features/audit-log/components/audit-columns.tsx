import { Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AuditAction, AuditEntry } from '@syrx/contracts/audit';
import type { Sort } from '@syrx/contracts/grid';
import { sortableColumn } from '../../../components/paged-grid';
import { formatDateTime } from '../../../lib/date-format';
import { auditActionLabels, detailLines } from '../utils/audit-query';

/** The columns when, who, action, target, group, from (IP) and details; sortable where the server sorts. */
export function auditColumns(sort: readonly Sort[]): TableColumnsType<AuditEntry> {
  const sortable = (field: string) => sortableColumn(sort, field, true);
  return [
    { title: 'When', dataIndex: 'at', width: 190, render: (at: string) => formatDateTime(at), ...sortable('at') },
    { title: 'Who', dataIndex: 'username', width: 180, render: (u: string | null) => u ?? <Typography.Text type="secondary">nobody signed in</Typography.Text>, ...sortable('username') },
    {
      title: 'Action', dataIndex: 'action', width: 200, ...sortable('action'),
      render: (a: AuditAction) => <span title={a}>{auditActionLabels[a]}</span>,
    },
    {
      title: 'Target', dataIndex: 'target_id', ...sortable('target_id'),
      render: (_id: string | null, e) => (e.target_type === null && e.target_id === null ? '' : `${e.target_type ?? ''} ${e.target_id ?? ''}`.trim()),
    },
    { title: 'Group', dataIndex: 'group_id', key: 'group', width: 160, render: (_id: number | null, e) => e.group_name ?? (e.group_id === null ? '' : `Group ${e.group_id}`) },
    { title: 'From', dataIndex: 'ip', width: 140, render: (ip: string | null, e) => <span title={e.user_agent ?? undefined}>{ip ?? ''}</span>, ...sortable('ip') },
    {
      title: 'Details', dataIndex: 'details', key: 'details',
      render: (details: Record<string, unknown>) => (
        <div style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
          {detailLines(details).map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      ),
    },
  ];
}
