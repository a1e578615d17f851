import { useMemo, useState } from 'react';
import { Alert, Card, Empty, Flex, Spin, Tag } from 'antd';
import { useRecordSeries } from '../api/record-series';
import { alignSeries, chartWindow, isEmptyChart } from '../utils/chart-data';
import { type PointStyle, browserMessages, resolutionLabel } from '../utils/labels';
import type { RecordRange } from '../utils/record-query';
import { ChartLegend } from './chart-legend';
import { UPlotChart } from './uplot-chart';

/** The chart card: one line per point, the resolution when downsampled, and the hover legend. */
export function RecordChart({ range, styles }: { range: RecordRange; styles: readonly PointStyle[] }) {
  const series = useRecordSeries(range);
  const [cursor, setCursor] = useState<number | null>(null);
  const chart = useMemo(() => (series.data ? alignSeries(range.pointIds, series.data) : null), [series.data, range.pointIds]);
  const window = useMemo(() => chartWindow(chart?.xs ?? []), [chart]);
  const resolution = chart?.resolutionSeconds ?? null;

  const body = (() => {
    if (series.isError) return <Alert type="error" showIcon role="alert" title="The records could not be loaded" description={series.error.message} />;
    if (!chart) return <Spin aria-label="Loading the chart" style={{ display: 'block', padding: 48 }} />;
    if (isEmptyChart(chart)) return <Empty description={browserMessages.noRecords} />;
    return (
      <Flex vertical gap={8}>
        <UPlotChart chart={chart} styles={styles} window={window} onCursor={setCursor} />
        <ChartLegend chart={chart} styles={styles} idx={cursor} />
      </Flex>
    );
  })();

  return (
    <Card
      size="small"
      title="Chart"
      extra={
        resolution === null ? (
          chart && <Tag>Every record</Tag>
        ) : (
          <Tag color="blue">{`Averaged over ${resolutionLabel(resolution)}; the band shows the minimum to maximum`}</Tag>
        )
      }
    >
      <Spin spinning={series.isFetching && chart !== null} delay={300}>
        {body}
      </Spin>
    </Card>
  );
}
