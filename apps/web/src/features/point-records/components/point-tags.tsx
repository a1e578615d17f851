import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { LatestRecord } from '@syrx/contracts/records';
import { formatUtcDateTime } from '../../../lib/date-format';
import type { ReportingPointRef } from '../../../lib/point-reporting-link';
import { formatPointValue } from '../../../lib/value-format';
import { browserMessages, pointLabel, seriesColor } from '../utils/labels';

/** What is known of a point's records beyond the range: its latest value and when its records begin. */
function summary(p: ReportingPointRef, latest: LatestRecord | undefined): string {
  const where = `${p.controllerName} / ${p.deviceName} / ${p.pointName} (point ${p.id})`;
  if (!latest) return where;
  if (latest.timestamp === null) return `${where}: no records yet`;
  const earliest = latest.earliest ? `; records since ${formatUtcDateTime(latest.earliest)} UTC` : '';
  return `${where}: latest ${formatPointValue(latest.value)} at ${formatUtcDateTime(latest.timestamp)} UTC${earliest} (${latest.count} records)`;
}

interface PointTagsProps {
  points: readonly ReportingPointRef[];
  latest: readonly LatestRecord[] | undefined;
  onChange: (points: readonly ReportingPointRef[]) => void;
}

/** The chosen points as tags in their chart colours; closing a tag removes the point, Remove all removes every one. */
export function PointTags({ points, latest, onChange }: PointTagsProps) {
  if (points.length === 0) return <Typography.Text type="secondary">{browserMessages.noPoints}</Typography.Text>;
  const latestById = new Map(latest?.map((l) => [l.bacnet_point_id, l]));
  return (
    <Flex gap={6} wrap align="center" role="list" aria-label="Chosen points">
      {points.map((p, i) => (
        <Tooltip key={p.id} title={summary(p, latestById.get(p.id))}>
          <Tag
            role="listitem"
            color={seriesColor(i)}
            closable
            closeIcon={<CloseOutlined aria-label={`Remove ${pointLabel(p)}`} />}
            onClose={(e) => {
              e.preventDefault();
              onChange(points.filter((q) => q.id !== p.id));
            }}
          >
            {pointLabel(p)}
          </Tag>
        </Tooltip>
      ))}
      <Button size="small" type="link" onClick={() => onChange([])}>
        Remove all
      </Button>
    </Flex>
  );
}
