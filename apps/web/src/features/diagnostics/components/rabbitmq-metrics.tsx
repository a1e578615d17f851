import { Alert, Table, type TableProps, Tabs } from 'antd';
import type { z } from 'zod';
import type { DiagnosticsLatest, rabbitChannelSchema, rabbitConnectionSchema, rabbitQueueSchema } from '@syrx/contracts/diagnostics';
import { formatDateTime } from '../../../lib/date-format';

type Queue = z.infer<typeof rabbitQueueSchema>;
type Channel = z.infer<typeof rabbitChannelSchema>;
type Connection = z.infer<typeof rabbitConnectionSchema>;
type Metrics = NonNullable<DiagnosticsLatest['rabbitmq_metrics']>;

const num = (title: string, key: string) => ({ title, dataIndex: key, key, align: 'right' as const });
const text = (title: string, key: string) => ({ title, dataIndex: key, key });
const when = (title: string, key: string) => ({ title, dataIndex: key, key, render: (t: string) => formatDateTime(t) });

const queueColumns: TableProps<Queue>['columns'] = [
  text('Name', 'name'), text('Policy', 'policy'), num('Ready', 'numMessagesReady'), num('Unacknowledged', 'numMessagesUnacknowledged'),
  num('Total', 'numMessagesTotal'), when('First seen', 'firstSeenTimestamp'), when('Timestamp', '@timestamp'),
];
const channelColumns: TableProps<Channel>['columns'] = [
  text('Name', 'name'), text('Connection', 'connectionName'), num('Consumers', 'numConsumers'), num('Prefetch count', 'prefetchCount'),
  num('Unacknowledged', 'numMessagesUnacknowledged'),
];
const connectionColumns: TableProps<Connection>['columns'] = [
  text('Name', 'name'), text('Peer host', 'peerHost'), num('Peer port', 'peerPort'), text('Host', 'host'), num('Port', 'port'),
];

const paging = { defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [20, 50, 100] };

/** The message broker's queues, channels and connections; or why there are none (no broker, or it did not answer). */
export function RabbitMqMetrics({ metrics }: { metrics: Metrics }) {
  if (metrics.state === 'not-configured') {
    return <Alert type="info" showIcon title="No message broker is configured on this controller, so there are no RabbitMQ metrics." />;
  }
  if (metrics.state === 'unreachable') {
    return <Alert type="warning" showIcon role="alert" title="The message broker could not be reached." description={metrics.error ?? undefined} />;
  }
  const items = [
    {
      key: 'queues', label: 'Queues',
      children: <Table<Queue> aria-label="Queues" rowKey="name" size="small" columns={queueColumns} dataSource={metrics.rabbitmq_metrics_active_queues} pagination={paging} locale={{ emptyText: 'No queues' }} />,
    },
    {
      key: 'channels', label: 'Channels',
      children: <Table<Channel> aria-label="Channels" rowKey="name" size="small" columns={channelColumns} dataSource={metrics.rabbitmq_metrics_active_channels} pagination={paging} locale={{ emptyText: 'No channels' }} />,
    },
    {
      key: 'connections', label: 'Connections',
      children: <Table<Connection> aria-label="Connections" rowKey="name" size="small" columns={connectionColumns} dataSource={metrics.rabbitmq_metrics_active_connections} pagination={paging} locale={{ emptyText: 'No connections' }} />,
    },
  ];
  return <Tabs size="small" items={items} />;
}
