import { type ReactNode, useState } from 'react';
import { Alert, Card, Empty, Flex, Spin, Tabs, Typography } from 'antd';
import { diagnosticsDefaultRangeMinutes, diagnosticsRefreshMs } from '@syrx/contracts/diagnostics';
import { TimeRangeFields } from '../../../components/time-range-fields';
import { formatDateTime } from '../../../lib/date-format';
import { type ResolvedRange, type TimeRange, resolveRange } from '../../../lib/time-range';
import { useLatestDiagnostics } from '../api/diagnostics';
import { ProcessTable } from './process-table';
import { RabbitMqMetrics } from './rabbitmq-metrics';

const recent = { kind: 'recent', minutes: diagnosticsDefaultRangeMinutes } as const;

const noSnapshot = (range: ResolvedRange) =>
  `No diagnostics were reported between ${formatDateTime(range.start.toISOString())} and ${formatDateTime(range.end.toISOString())}.`;

function Snapshot({ at, children }: { at: string; children: ReactNode }) {
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{`Snapshot of ${formatDateTime(at)}`}</Typography.Text>
      {children}
    </Flex>
  );
}

/**
 * The diagnostic service's panel (spec 01 section 2): the latest snapshot in the range, asked again every 5 s, in
 * the tabs Process information, Network interface information and RabbitMQ metrics.
 */
export function DiagnosticsPanel({ controllerId, serviceId }: { controllerId: string; serviceId: string }) {
  const [range, setRange] = useState<TimeRange>(recent);
  const [firstShown] = useState(() => resolveRange(range));
  const diagnostics = useLatestDiagnostics(controllerId, serviceId, range);
  const answer = diagnostics.data;
  const shown = answer?.range ?? (range.kind === 'fixed' ? resolveRange(range) : firstShown);

  const body = (() => {
    if (!answer) return diagnostics.isError ? null : <Spin aria-label="Loading the diagnostics" style={{ display: 'block', padding: 32 }} />;
    const { process_information: processes, network_interface_information: network, rabbitmq_metrics: rabbit } = answer.latest;
    if (!processes && !network && !rabbit) return <Empty description={noSnapshot(answer.range)} />;
    const none = <Empty description={noSnapshot(answer.range)} />;
    const items = [
      {
        key: 'processes', label: 'Process information',
        children: processes ? <Snapshot at={processes.timestamp}><ProcessTable processes={processes.processes} /></Snapshot> : none,
      },
      {
        key: 'network', label: 'Network interface information',
        children: network ? (
          <Snapshot at={network.timestamp}>
            <pre aria-label="Network interfaces" style={{ margin: 0, padding: 12, background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6, fontSize: 12, overflow: 'auto', maxHeight: 560 }}>
              {network.networkInterfaceInformation}
            </pre>
          </Snapshot>
        ) : none,
      },
      {
        key: 'rabbitmq', label: 'RabbitMQ metrics',
        children: rabbit ? <Snapshot at={rabbit.timestamp}><RabbitMqMetrics metrics={rabbit} /></Snapshot> : none,
      },
    ];
    return <Tabs items={items} />;
  })();

  return (
    <Card
      size="small"
      title="Diagnostics"
      extra={<Typography.Text type="secondary">{`Refreshes every ${diagnosticsRefreshMs / 1000} s`}{diagnostics.isFetching ? ' (refreshing…)' : ''}</Typography.Text>}
    >
      <Flex vertical gap={12}>
        <TimeRangeFields label="Diagnostics range" range={range} shown={shown} recent={recent} recentLabel={`Last ${recent.minutes} minutes`} onChange={setRange} />
        {diagnostics.isError && <Alert type="error" showIcon role="alert" title="The diagnostics could not be loaded" description={diagnostics.error.message} />}
        {body}
      </Flex>
    </Card>
  );
}
