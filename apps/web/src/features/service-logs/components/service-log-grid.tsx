import { useState } from 'react';
import { Alert, Button, Flex, Select, Table, type TableProps, Typography } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { type ServiceLogEntry, type ServiceLogLevel, defaultMinLogLevel, serviceLogLevels } from '@syrx/contracts/service-logs';
import { formatDateTime } from '../../../lib/date-format';
import { useServiceLogPage } from '../api/service-logs';
import { LogLevelTag } from './log-level-tag';
import { serverPagination, loadedEmptyText } from '../../../components/paged-grid';

const pageSizes = [20, 50, 100, 200];
const firstLine = (text: string) => text.split('\n', 1)[0] ?? '';

const columns: TableProps<ServiceLogEntry>['columns'] = [
  { title: 'Timestamp', dataIndex: 'timestamp', key: 'timestamp', width: 200, render: (t: string) => formatDateTime(t) },
  { title: 'Level', dataIndex: 'level', key: 'level', width: 90, render: (level: ServiceLogLevel) => <LogLevelTag level={level} /> },
  { title: 'Logger', dataIndex: 'logger', key: 'logger', width: 220 },
  { title: 'Message', dataIndex: 'message', key: 'message', render: (m: string) => <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m}</span> },
  {
    title: 'Exception', dataIndex: 'exception', key: 'exception', width: 260, ellipsis: true,
    render: (e: string | null) => (e === null ? '' : <Typography.Text type="danger">{firstLine(e)}</Typography.Text>),
  },
];

const expandable: TableProps<ServiceLogEntry>['expandable'] = {
  rowExpandable: (entry) => entry.exception !== null,
  expandedRowRender: (entry) => (
    <pre aria-label="Exception" style={{ margin: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
      {entry.exception}
    </pre>
  ),
};

export interface ServiceLogGridProps {
  controllerId: string;
  serviceId: string;
  /** The service's page, where Back leads. */
  backTo: string;
}

/** …/services/{serviceId}/logs: the service's log, newest first, paged by the server, from a minimum level up. */
export function ServiceLogGrid({ controllerId, serviceId, backTo }: ServiceLogGridProps) {
  const navigate = useNavigate();
  const [minLogLevel, setMinLogLevel] = useState<ServiceLogLevel>(defaultMinLogLevel);
  const [paging, setPaging] = useState({ current: 1, pageSize: 50 });
  const query = { controllerId, serviceId, minLogLevel, skip: (paging.current - 1) * paging.pageSize, take: paging.pageSize };
  const { page, count } = useServiceLogPage(query);
  const error = page.error ?? count.error;

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(backTo)}>
          Back
        </Button>
        <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
          {`Logs of ${serviceId}`}
        </Typography.Title>
        <label htmlFor="min-log-level">Minimum level</label>
        <Select<ServiceLogLevel>
          id="min-log-level"
          aria-label="Minimum level"
          style={{ width: 120 }}
          value={minLogLevel}
          options={serviceLogLevels.map((l) => ({ value: l, label: l }))}
          onChange={(level) => {
            setMinLogLevel(level);
            setPaging((p) => ({ ...p, current: 1 }));
          }}
        />
        <Button icon={<ReloadOutlined />} loading={page.isFetching} onClick={() => void Promise.all([page.refetch(), count.refetch()])}>
          Refresh
        </Button>
      </Flex>
      {error && <Alert type="error" showIcon role="alert" title="The log could not be loaded" description={error.message} />}
      <Table<ServiceLogEntry>
        aria-label="Service log"
        rowKey="id"
        size="small"
        columns={columns}
        expandable={expandable}
        dataSource={page.data}
        loading={page.isPending || page.isFetching}
        onChange={(p) => setPaging({ current: p.current ?? 1, pageSize: p.pageSize ?? paging.pageSize })}
        pagination={serverPagination(paging, count.data ?? 0, pageSizes, 'entries')}
        locale={{ emptyText: loadedEmptyText(page, `No log entries at ${minLogLevel} or above`) }}
      />
    </Flex>
  );
}
