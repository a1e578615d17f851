import { Button, Flex, Input, Typography } from 'antd';
import {
  type ResolvedRange, type TimeRange, localDatePart, localTimePart, withDatePart, withRangeEnd, withTimePart,
} from '../lib/time-range';

interface TimeRangeFieldsProps {
  /** Names the group of fields for screen readers (e.g. "Diagnostics range"). */
  label: string;
  range: TimeRange;
  /** The moments the range covers now (for a recent range, those of the latest refresh). */
  shown: ResolvedRange;
  /** The recent range the reset button returns to. */
  recent: Extract<TimeRange, { kind: 'recent' }>;
  recentLabel: string;
  onChange: (range: TimeRange) => void;
}

function MomentFields({ name, value, onChange }: { name: string; value: Date; onChange: (moment: Date) => void }) {
  const change = (next: Date | null) => {
    if (next) onChange(next);
  };
  return (
    <>
      <Input type="date" aria-label={`${name} date`} style={{ width: 150 }} value={localDatePart(value)} onChange={(e) => change(withDatePart(value, e.target.value))} />
      <Input type="time" step={1} aria-label={`${name} time`} style={{ width: 150 }} value={localTimePart(value)} onChange={(e) => change(withTimePart(value, e.target.value))} />
    </>
  );
}

/**
 * A start and an end as a date and a time of day each, in local time. Changing the date keeps the time and the
 * other way round (spec 01 section 5); changing either fixes the range, and the reset button returns to the recent
 * range that follows the clock.
 */
export function TimeRangeFields({ label, range, shown, recent, recentLabel, onChange }: TimeRangeFieldsProps) {
  const following = range.kind === 'recent';
  return (
    <Flex gap={8} align="center" wrap role="group" aria-label={label}>
      <Typography.Text>From</Typography.Text>
      <MomentFields name="Start" value={shown.start} onChange={(m) => onChange(withRangeEnd(shown, 'start', m))} />
      <Typography.Text>to</Typography.Text>
      <MomentFields name="End" value={shown.end} onChange={(m) => onChange(withRangeEnd(shown, 'end', m))} />
      <Button size="small" type={following ? 'primary' : 'default'} aria-pressed={following} onClick={() => onChange(recent)}>
        {recentLabel}
      </Button>
      {following && <Typography.Text type="secondary">following the clock</Typography.Text>}
    </Flex>
  );
}
