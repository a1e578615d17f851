import { useMemo } from 'react';
import { Alert, App, Button, Card, Empty, Flex, InputNumber, Spin, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { type AvailabilityGap, availabilityMaxPoints, completeDayShare } from '@syrx/contracts/point-data';
import { addUtcDays, isoDay, startOfUtcDay } from '../../../lib/date-format';
import { type AvailabilityRequest, availabilityCsvHref, useAvailability } from '../api/availability';
import { useBrowserState } from '../hooks/use-browser-state';
import { browserMessages } from '../utils/labels';
import { AvailabilityHeatmap } from './availability-heatmap';
import { DayRangeFields } from './day-range-fields';
import { KindTabs, type PickedPoint, PointChooser, type PointPickers } from './point-chooser';
import { PointTags } from './point-tags';

/** The report's days by default: the last 30, today included. */
const defaultDays = 30;

/**
 * /report-data/availability (Report Data → Point data availability report): for the chosen points of a kind and UTC
 * days, the share of the expected records present per point and day (expected at the reporting interval given, else
 * at each point's median spacing) as a heatmap, the runs of incomplete days, and both as CSV.
 */
export function AvailabilityReport({ pickers }: { pickers: PointPickers }) {
  const { message } = App.useApp();
  const state = useBrowserState();
  const [search, setSearch] = useSearchParams();
  const interval = Number(search.get('interval')) || null;
  const today = startOfUtcDay(new Date());
  const [fromDay, toDay] = state.days.isDefault ? [addUtcDays(today, 1 - defaultDays), today] : [state.days.fromDay, state.days.toDay];
  const request: AvailabilityRequest = { kind: state.kind, pointIds: state.range.pointIds, from: isoDay(fromDay), to: isoDay(toDay), intervalSeconds: interval };
  const report = useAvailability(request);
  const labels = useMemo(() => new Map(state.points.map((p) => [p.id, p.label])), [state.points]);

  const add = (p: PickedPoint) => {
    if (request.pointIds.includes(p.id)) void message.info(`${p.label} is already in the report.`);
    else if (request.pointIds.length >= availabilityMaxPoints) void message.warning(`At most ${availabilityMaxPoints} points in one report.`);
    else state.setIds([...request.pointIds, p.id]);
  };
  const setInterval = (seconds: number | null) => setSearch((s) => {
    const next = new URLSearchParams(s);
    if (seconds) next.set('interval', String(seconds));
    else next.delete('interval');
    return next;
  });
  const gapColumns = [
    { title: 'Point', key: 'point', render: (_: unknown, g: AvailabilityGap) => labels.get(g.point_id) ?? `Point ${g.point_id}` },
    { title: 'From', dataIndex: 'from', key: 'from' },
    { title: 'To', dataIndex: 'to', key: 'to' },
    { title: 'Days', dataIndex: 'days', key: 'days', align: 'right' as const },
    { title: 'Missing records', dataIndex: 'missing', key: 'missing', align: 'right' as const },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Point data availability
      </Typography.Title>
      <KindTabs kind={state.kind} onChange={state.setKind} />
      <Flex gap={16} align="flex-start" wrap>
        <PointChooser kind={state.kind} pickers={pickers} preferredControllerName={undefined} onPickController={(p) => add({ id: p.id, label: `${p.deviceName} / ${p.pointName}` })} onPick={add} />
        <Flex vertical gap={16} style={{ flex: '1 1 600px', minWidth: 0 }}>
          <Card size="small">
            <Flex vertical gap={12}>
              <PointTags points={state.points} summaries={state.summaries.data} onChange={state.setIds} />
              <Flex gap={8} wrap align="center" justify="space-between">
                <DayRangeFields days={{ ...state.days, fromDay, toDay }} onChange={state.setDays} />
                <Flex gap={8} align="center">
                  <InputNumber aria-label="Reporting interval (seconds)" placeholder="Median spacing" min={1} max={86_400} value={interval} onChange={(v) => setInterval(typeof v === 'number' ? v : null)} style={{ width: 170 }} />
                  <Button icon={<DownloadOutlined />} href={request.pointIds.length === 0 ? undefined : availabilityCsvHref(request)} download disabled={request.pointIds.length === 0}>
                    Export CSV
                  </Button>
                </Flex>
              </Flex>
              <Typography.Text type="secondary">{`Each day is coloured by the share of its expected records present; below ${completeDayShare * 100} % it counts as a gap.`}</Typography.Text>
            </Flex>
          </Card>
          {request.pointIds.length === 0 ? <Card size="small"><Empty description={browserMessages.noPoints} /></Card> : (
            <>
              <Card size="small" title="Availability">
                {report.isError && <Alert type="error" showIcon role="alert" title="The report could not be made" description={report.error.message} />}
                {report.data ? <AvailabilityHeatmap report={report.data} points={state.points} /> : !report.isError && <Spin aria-label="Making the report" />}
              </Card>
              <Card size="small" title="Gaps">
                <Table<AvailabilityGap> aria-label="Gaps" size="small" rowKey={(g) => `${g.point_id}:${g.from}`} columns={gapColumns} dataSource={report.data?.gaps ?? []} pagination={{ pageSize: 20, hideOnSinglePage: true }} locale={{ emptyText: 'No gaps: every day is complete' }} />
              </Card>
            </>
          )}
        </Flex>
      </Flex>
    </Flex>
  );
}
