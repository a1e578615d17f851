import { Flex, Typography } from 'antd';
import { formatUtcDateTime } from '../../../lib/date-format';
import { formatPointValue } from '../../../lib/value-format';
import { type ChartColumns, legendValues } from '../utils/chart-data';
import type { PointStyle } from '../utils/labels';

const swatch = (color: string) => <span aria-hidden style={{ display: 'inline-block', width: 12, height: 3, background: color, flex: 'none' }} />;

/**
 * The hover legend: each point's value at the cursor's time (the latest at or before it), with the bucket's
 * minimum and maximum when downsampled. Away from the chart it shows the last values of the range.
 */
export function ChartLegend({ chart, styles, idx }: { chart: ChartColumns; styles: readonly PointStyle[]; idx: number | null }) {
  const at = idx ?? chart.xs.length - 1;
  const time = chart.xs[at];
  const banded = chart.resolutionSeconds !== null;
  const values = legendValues(chart, at);
  return (
    <Flex vertical gap={2} role="group" aria-label="Chart legend">
      <Typography.Text strong>
        {time === undefined ? '' : `${idx === null ? 'Last values, ' : ''}${formatUtcDateTime(new Date(time * 1000).toISOString())} UTC`}
      </Typography.Text>
      <Flex gap={16} wrap>
        {styles.map((s, i) => {
          const v = values[i];
          const range = banded && v?.min !== undefined && v.min !== v.max ? ` (${formatPointValue(v.min)} – ${formatPointValue(v.max)})` : '';
          return (
            <Flex key={s.id} gap={6} align="center">
              {swatch(s.color)}
              <span>{s.label}:</span>
              <strong>{v?.avg === undefined ? '—' : `${formatPointValue(v.avg)}${range}`}</strong>
            </Flex>
          );
        })}
      </Flex>
    </Flex>
  );
}
