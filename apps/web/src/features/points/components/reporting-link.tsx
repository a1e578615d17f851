import { type ComponentProps, useState } from 'react';
import { Button, DatePicker, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import type { BacnetPoint } from '@syrx/contracts/points';
import { useLegacyAppUrl } from '../../../lib/client-config';
import { pointReportingLink } from '../../../lib/point-reporting-link';
import { pickedDay, reportingRef } from '../utils/reporting-points';

type Range = Parameters<NonNullable<ComponentProps<typeof DatePicker.RangePicker>['onChange']>>[0];

/**
 * The point-reporting link for the selected rows, with an optional date range: into the legacy app when it is
 * deployed, else to our own /point-reporting page.
 */
export function ReportingLink({ points, onClear }: { points: readonly BacnetPoint[]; onClear: () => void }) {
  const legacyAppUrl = useLegacyAppUrl();
  const [range, setRange] = useState<Range>(null);
  const link = pointReportingLink({ points: points.map(reportingRef), fromDate: pickedDay(range?.[0]), toDate: pickedDay(range?.[1]) }, legacyAppUrl);
  const label = `Point reporting for ${points.length} selected point${points.length === 1 ? '' : 's'}`;
  return (
    <Flex gap={8} align="center" wrap>
      <DatePicker.RangePicker aria-label="Reporting dates" allowEmpty={[true, true]} value={range} onChange={setRange} format="MM/DD/YYYY" />
      {points.length === 0 ? (
        <Typography.Text type="secondary">Select points to open point reporting</Typography.Text>
      ) : link.external ? (
        <a href={link.href}>{label}</a>
      ) : (
        <Link to={link.href}>{label}</Link>
      )}
      {points.length > 0 && (
        <Button size="small" onClick={onClear}>
          Clear selection
        </Button>
      )}
    </Flex>
  );
}
