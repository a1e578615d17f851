import { useState } from 'react';
import { Alert, Button, Flex, Result, Table, type TableProps, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { AuditEntry } from '@syrx/contracts/audit';
import type { Sort } from '@syrx/contracts/grid';
import { useCurrentUser } from '../../../lib/session';
import { useAuditLogPage } from '../api/audit-log';
import { type AuditFilters, newestFirst, noAuditFilters } from '../utils/audit-query';
import { auditColumns } from './audit-columns';
import { AuditFilterBar } from './audit-filter-bar';
import { sortFromSorter } from '../../../lib/table-sort';

const pageSizes = [20, 50, 100, 200];

function AuditLogGrid() {
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const [sort, setSort] = useState<Sort[]>(newestFirst);
  const [paging, setPaging] = useState({ current: 1, pageSize: 50 });
  const { page, count } = useAuditLogPage({ filters, sort, skip: (paging.current - 1) * paging.pageSize, take: paging.pageSize });
  const error = page.error ?? count.error;

  const onChange: TableProps<AuditEntry>['onChange'] = (pagination, _filters, sorter) => {
    setSort(sortFromSorter(sorter, newestFirst));
    setPaging({ current: pagination.current ?? 1, pageSize: pagination.pageSize ?? paging.pageSize });
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} align="center" wrap>
        <AuditFilterBar
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setPaging((p) => ({ ...p, current: 1 }));
          }}
        />
        <Button icon={<ReloadOutlined />} loading={page.isFetching} onClick={() => void Promise.all([page.refetch(), count.refetch()])}>
          Refresh
        </Button>
      </Flex>
      {error && <Alert type="error" showIcon role="alert" title="The audit log could not be loaded" description={error.message} />}
      <Table<AuditEntry>
        aria-label="Audit log"
        rowKey="id"
        size="small"
        columns={auditColumns(sort)}
        dataSource={page.data ?? []}
        loading={page.isFetching}
        onChange={onChange}
        pagination={{ ...paging, total: count.data ?? 0, showSizeChanger: true, pageSizeOptions: pageSizes, showTotal: (total, [from, to]) => `${from}-${to} of ${total} entries` }}
        locale={{ emptyText: 'No audit log entries' }}
      />
    </Flex>
  );
}

/** /admin/audit-log: who did what, when and from where (audit_log_view), newest first. */
export function AuditLogScreen() {
  const allowed = useCurrentUser().permissions.includes('audit_log_view');
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Audit log
      </Typography.Title>
      {allowed ? <AuditLogGrid /> : <Result status="403" title="Not allowed" subTitle="The audit log needs the audit_log_view permission." />}
    </Flex>
  );
}
