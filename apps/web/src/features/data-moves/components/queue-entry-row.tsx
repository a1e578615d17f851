import { Button, Checkbox, Flex, Input, Radio, Typography } from 'antd';
import { ArrowRightOutlined, DeleteOutlined } from '@ant-design/icons';
import type { SourceRecordHandling } from '@syrx/contracts/data-moves';
import { type MovePoint, type QueueEntry, entryProblem } from '../utils/move-item';

const idOf = (p: MovePoint) => (p.vendorPointId !== null ? `vendor point ${p.vendorPointId}` : `PCS point ${p.pcsPointId}`);

function PointName({ point }: { point: MovePoint }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text strong ellipsis={{ tooltip: point.name }}>{point.name}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{idOf(point)}</Typography.Text>
    </Flex>
  );
}

interface QueueEntryRowProps {
  entry: QueueEntry;
  /** Show what stops the entry from being submitted (after a submit was tried). */
  showProblem: boolean;
  onChange: (entry: QueueEntry) => void;
  onRemove: () => void;
}

/** One queued move: source → destination, all records or a date range, copy or move, remap, and Remove. */
export function QueueEntryRow({ entry, showProblem, onChange, onRemove }: QueueEntryRowProps) {
  const name = `${entry.source.name} to ${entry.destination.name}`;
  const problem = showProblem ? entryProblem(entry) : null;
  return (
    <Flex vertical gap={4} role="group" aria-label={`Move ${name}`} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
      <Flex gap={16} align="center" wrap>
        <Flex gap={8} align="center" style={{ flex: '1 1 360px', minWidth: 0 }}>
          <PointName point={entry.source} />
          <ArrowRightOutlined aria-label="to" />
          <PointName point={entry.destination} />
        </Flex>
        <Checkbox checked={entry.fullTimeRange} onChange={(e) => onChange({ ...entry, fullTimeRange: e.target.checked })}>
          All records
        </Checkbox>
        {!entry.fullTimeRange && (
          <Flex gap={8} align="center">
            <Input type="date" aria-label="Start date" style={{ width: 150 }} value={entry.startDate} onChange={(e) => onChange({ ...entry, startDate: e.target.value })} />
            <Typography.Text>to</Typography.Text>
            <Input type="date" aria-label="End date (inclusive)" style={{ width: 150 }} value={entry.endDate} onChange={(e) => onChange({ ...entry, endDate: e.target.value })} />
          </Flex>
        )}
        <Radio.Group
          aria-label="Source records"
          optionType="button"
          size="small"
          value={entry.sourceRecordHandling}
          onChange={(e) => onChange({ ...entry, sourceRecordHandling: e.target.value as SourceRecordHandling })}
          options={[{ value: 'copy', label: 'Copy' }, { value: 'move', label: 'Move' }]}
        />
        <Checkbox checked={entry.remapEquipmentPoints} onChange={(e) => onChange({ ...entry, remapEquipmentPoints: e.target.checked })}>
          Remap equipment points
        </Checkbox>
        <Button size="small" danger icon={<DeleteOutlined />} onClick={onRemove}>
          Remove
        </Button>
      </Flex>
      {problem && <Typography.Text type="danger" role="alert">{problem}</Typography.Text>}
    </Flex>
  );
}
