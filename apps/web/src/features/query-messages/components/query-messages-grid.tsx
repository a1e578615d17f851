import { useState } from 'react';
import { Card, Flex, Select, type TableColumnsType, Tag, Typography } from 'antd';
import type { Sort } from '@syrx/contracts/grid';
import { type QueryMessage, type QueryMessageFilter, queryMessageFilterLabels, queryMessageFilters } from '@syrx/contracts/query-messages';
import { PagedGrid, sortableColumn, timestampColumnWidth, usePagedGrid } from '../../../components/paged-grid';
import { formatDateTime } from '../../../lib/date-format';
import { queryMessagesRefreshMs, useQueryMessagesPage } from '../api/query-messages';

const defaultFilter: QueryMessageFilter = 'show_acknowledged_hide_completed';

const statusColours: Record<QueryMessage['status'], string> = { created: 'default', acknowledged: 'processing', completed: 'success', failed: 'error' };
const statusLabels: Record<QueryMessage['status'], string> = { created: 'Created', acknowledged: 'Acknowledged', completed: 'Completed', failed: 'Failed' };

/** "All networks", or "Network 1001", with the instance range when one was given: "instances 1000–1999". */
export function messageScope({ parameters: p }: QueryMessage): string {
  const where = p.network === null ? 'All networks' : `Network ${p.network}`;
  if (p.low_limit === null && p.high_limit === null) return where;
  return `${where}, instances ${p.low_limit ?? 0}–${p.high_limit ?? 4194303}`;
}

const date = (d: string | null) => (d === null ? '' : formatDateTime(d));

function columns(sort: readonly Sort[]): TableColumnsType<QueryMessage> {
  return [
    { title: 'Id', dataIndex: 'id', width: 70, ...sortableColumn(sort, 'id', true) },
    { title: 'Message', dataIndex: 'message_type', key: 'message_type', width: 140 },
    { title: 'Scope', key: 'scope', render: (_: unknown, m: QueryMessage) => messageScope(m) },
    { title: 'Status', dataIndex: 'status', width: 130, ...sortableColumn(sort, 'status'), render: (s: QueryMessage['status']) => <Tag color={statusColours[s]}>{statusLabels[s]}</Tag> },
    { title: 'Created', dataIndex: 'created_on', width: timestampColumnWidth, ...sortableColumn(sort, 'created_on', true), render: date },
    { title: 'Acknowledged', dataIndex: 'acknowledged_on', width: timestampColumnWidth, ...sortableColumn(sort, 'acknowledged_on', true), render: date },
    { title: 'Completed', dataIndex: 'completed_on', width: timestampColumnWidth, ...sortableColumn(sort, 'completed_on', true), render: date },
    { title: 'Devices found', dataIndex: 'devices_found', width: 100, ...sortableColumn(sort, 'devices_found') },
    { title: 'Devices added', dataIndex: 'devices_added', width: 100, ...sortableColumn(sort, 'devices_added') },
    {
      title: 'Error', dataIndex: 'error_message', key: 'error_message', ellipsis: true,
      render: (e: string | null) => (e === null ? '' : <Typography.Text type="danger">{e}</Typography.Text>),
    },
  ];
}

/**
 * The BACnet network query messages grid (spec 01 section 3): the background messages of the controller's query
 * service (a Discover-devices message waits for the agent, is acknowledged when it starts and completed or failed
 * when it ends), filtered by default to show_acknowledged_hide_completed, newest first, paged and sorted by the server.
 */
export function QueryMessagesGrid({ controllerId }: { controllerId: string }) {
  const [filter, setFilter] = useState<QueryMessageFilter>(defaultFilter);
  const grid = usePagedGrid([]);
  const { sort, paging } = grid;
  const { page, count } = useQueryMessagesPage({ controllerId, filter, sort, skip: (paging.current - 1) * paging.pageSize, take: paging.pageSize });
  const source = {
    data: page.data && count.data !== undefined ? { items: page.data, total: count.data } : undefined,
    isPending: page.isPending || count.isPending,
    isPlaceholderData: page.isPlaceholderData || count.isPlaceholderData,
    error: page.error ?? count.error,
  };
  const filterControl = (
    <Flex align="center" gap={8}>
      <label htmlFor="query-message-filter">Show</label>
      <Select<QueryMessageFilter>
        id="query-message-filter"
        aria-label="Message filter"
        style={{ width: 260 }}
        value={filter}
        options={queryMessageFilters.map((f) => ({ value: f, label: queryMessageFilterLabels[f] }))}
        onChange={(f) => {
          setFilter(f);
          grid.firstPage();
        }}
      />
    </Flex>
  );

  return (
    <Card size="small" title="Query messages" extra={filterControl}>
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{`Background messages to the BACnet network query service; refreshes every ${queryMessagesRefreshMs / 1000} s.`}</Typography.Text>
        <PagedGrid<QueryMessage>
          label="Query messages"
          what="messages"
          texts={{ loadFailed: 'The query messages could not be loaded', empty: `No messages (${queryMessageFilterLabels[filter]})` }}
          grid={grid}
          columns={columns(sort)}
          rowKey="id"
          source={source}
          pageSizes={[20, 50, 100]}
        />
      </Flex>
    </Card>
  );
}
