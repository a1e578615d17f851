import { Flex, Result } from 'antd';
import type { AuditEntry } from '@syrx/contracts/audit';
import { RefreshButton } from '../../../components/filter-controls';
import { PagedGrid, useGridFilters, usePagedGrid } from '../../../components/paged-grid';
import { useCurrentUser } from '../../../lib/session';
import { useAuditLogPage } from '../api/audit-log';
import { type AuditFilters, newestFirst, noAuditFilters } from '../utils/audit-query';
import { auditColumns } from './audit-columns';
import { AuditFilterBar } from './audit-filter-bar';
import { Page } from '../../../components/page';

const pageSizes = [20, 50, 100, 200];

function AuditLogGrid() {
  const grid = usePagedGrid(newestFirst, 50);
  const [filters, changeFilters] = useGridFilters<AuditFilters>(noAuditFilters, grid);
  const { paging } = grid;
  const { page, count } = useAuditLogPage({ filters, sort: grid.sort, skip: (paging.current - 1) * paging.pageSize, take: paging.pageSize });

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} align="center" wrap>
        <AuditFilterBar filters={filters} onChange={changeFilters} />
        <RefreshButton refreshing={page.isFetching} onRefresh={() => Promise.all([page.refetch(), count.refetch()])} />
      </Flex>
      <PagedGrid<AuditEntry>
        label="Audit log"
        what="audit log entries"
        texts={{ loadFailed: 'The audit log could not be loaded', total: 'entries' }}
        grid={grid}
        columns={auditColumns(grid.sort)}
        rowKey="id"
        source={{ data: page.data && { items: page.data, total: count.data ?? 0 }, isPending: page.isPending, isPlaceholderData: page.isPlaceholderData || count.isPlaceholderData, error: page.error ?? count.error }}
        pageSizes={pageSizes}
      />
    </Flex>
  );
}

/** /admin/audit-log: who did what, when and from where (audit_log_view), newest first. */
export function AuditLogScreen() {
  const allowed = useCurrentUser().permissions.includes('audit_log_view');
  return (
    <Page title="Audit log">
      {allowed ? <AuditLogGrid /> : <Result status="403" title="Not allowed" subTitle="The audit log needs the audit_log_view permission." />}
    </Page>
  );
}
