import { Flex, Typography } from 'antd';
import type { Availability } from '@syrx/contracts/point-data';
import type { BrowserPoint } from '../utils/labels';

/** A share's colour: red (nothing) through amber to green (all expected records); grey where nothing is expected. */
export function shareColor(share: number | null): string {
  if (share === null) return '#d9d9d9';
  const hue = Math.round(120 * Math.max(0, Math.min(1, share)));
  return `hsl(${hue}, 70%, ${share >= 1 ? 38 : 48}%)`;
}

const percent = (share: number | null) => (share === null ? 'nothing expected' : `${Math.floor(share * 1000) / 10} %`);

/** Points × days: each day's cell coloured by the share of expected records present (its title says how many). */
export function AvailabilityHeatmap({ report, points }: { report: Availability; points: readonly BrowserPoint[] }) {
  const labels = new Map(points.map((p) => [p.id, p.label]));
  const cell = report.days.length > 120 ? 3 : report.days.length > 45 ? 8 : 16;
  return (
    <Flex vertical gap={4} role="table" aria-label="Availability heatmap" style={{ overflowX: 'auto' }}>
      <Flex gap={8} role="row">
        <span role="columnheader" style={{ width: 220, flex: 'none' }} />
        <Typography.Text role="columnheader" type="secondary">{`${report.days[0] ?? ''} to ${report.days.at(-1) ?? ''} (UTC days)`}</Typography.Text>
      </Flex>
      {report.points.map((p) => (
        <Flex key={p.point_id} gap={8} align="center" role="row">
          <Typography.Text role="rowheader" ellipsis={{ tooltip: p.path.join(' / ') }} style={{ width: 220, flex: 'none' }}>
            {labels.get(p.point_id) ?? p.path.join(' / ')}
          </Typography.Text>
          <div style={{ display: 'flex', gap: cell > 3 ? 2 : 0 }}>
            {report.days.map((day, i) => {
              const share = p.share[i] ?? null;
              const title = `${day}: ${p.present[i] ?? 0} records${p.expected_per_day === null ? '' : ` of ${Math.round(p.expected_per_day)}`} (${percent(share)})`;
              return <div key={day} role="cell" title={title} aria-label={title} style={{ width: cell, height: 16, background: shareColor(share), borderRadius: cell > 3 ? 2 : 0 }} />;
            })}
          </div>
        </Flex>
      ))}
    </Flex>
  );
}
