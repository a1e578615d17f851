import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { SeriesPoint } from '@syrx/contracts/point-data';
import { formatUtcDateTime } from '../../../lib/date-format';
import { formatPointValue } from '../../../lib/value-format';
import { type BrowserPoint, browserMessages, seriesColor } from '../utils/labels';

/** What is known of a point's records beyond the range: its latest value and when its records begin. */
function summary(p: BrowserPoint, s: SeriesPoint | undefined): string {
  if (!s) return p.where;
  if (s.latest === null) return `${p.where}: no records yet`;
  const earliest = s.earliest ? `; records since ${formatUtcDateTime(s.earliest)} UTC` : '';
  const unit = s.unit ? ` ${s.unit}` : '';
  return `${p.where}: latest ${formatPointValue(s.latest_value)}${unit} at ${formatUtcDateTime(s.latest)} UTC${earliest} (${s.count} records)`;
}

interface PointTagsProps {
  points: readonly BrowserPoint[];
  summaries: readonly SeriesPoint[] | undefined;
  onChange: (ids: readonly number[]) => void;
}

/** The chosen points as tags in their chart colours; closing a tag removes the point, Remove all removes every one. */
export function PointTags({ points, summaries, onChange }: PointTagsProps) {
  if (points.length === 0) return <Typography.Text type="secondary">{browserMessages.noPoints}</Typography.Text>;
  const byId = new Map(summaries?.map((s) => [s.point_id, s]));
  return (
    <Flex gap={6} wrap align="center" role="list" aria-label="Chosen points">
      {points.map((p, i) => (
        <Tooltip key={p.id} title={summary(p, byId.get(p.id))}>
          <Tag
            role="listitem"
            color={seriesColor(i)}
            closable
            closeIcon={<CloseOutlined aria-label={`Remove ${p.label}`} />}
            onClose={(e) => {
              e.preventDefault();
              onChange(points.filter((q) => q.id !== p.id).map((q) => q.id));
            }}
          >
            {p.label}
          </Tag>
        </Tooltip>
      ))}
      <Button size="small" type="link" onClick={() => onChange([])}>
        Remove all
      </Button>
    </Flex>
  );
}
