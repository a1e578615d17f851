import { Button, Flex, Input, Typography } from 'antd';
import { addUtcDays, isoDay, parseIsoDay, startOfUtcDay } from '../../../lib/date-format';
import type { DayRange } from '../utils/browser-params';

interface DayRangeFieldsProps {
  days: DayRange;
  onChange: (fromDay: Date, toDay: Date) => void;
}

const presets = [
  { label: 'Yesterday and today', days: 2 },
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
] as const;

/**
 * The range as two UTC days (both included), with presets ending today. A first day after the last moves the last
 * along, and the other way round, so the range never turns inside out.
 */
export function DayRangeFields({ days, onChange }: DayRangeFieldsProps) {
  const setFrom = (value: string) => {
    const from = parseIsoDay(value);
    if (from) onChange(from, from > days.toDay ? from : days.toDay);
  };
  const setTo = (value: string) => {
    const to = parseIsoDay(value);
    if (to) onChange(to < days.fromDay ? to : days.fromDay, to);
  };
  const today = startOfUtcDay(new Date());
  return (
    <Flex gap={8} align="center" wrap role="group" aria-label="Date range">
      <Typography.Text>From</Typography.Text>
      <Input type="date" aria-label="First day (UTC)" style={{ width: 160 }} value={isoDay(days.fromDay)} onChange={(e) => setFrom(e.target.value)} />
      <Typography.Text>to</Typography.Text>
      <Input type="date" aria-label="Last day (UTC)" style={{ width: 160 }} value={isoDay(days.toDay)} onChange={(e) => setTo(e.target.value)} />
      <Typography.Text type="secondary">whole days in UTC</Typography.Text>
      {presets.map((p) => (
        <Button key={p.days} size="small" onClick={() => onChange(addUtcDays(today, 1 - p.days), today)}>
          {p.label}
        </Button>
      ))}
    </Flex>
  );
}
