import { Card, Typography } from 'antd';
import { PointsGrid } from './points-grid';

/** How often the panel asks for its points again: the agent's records keep their latest values moving. */
export const reportingPanelRefreshMs = 15_000;

/**
 * The reporting service's Points panel (spec 01 section 2): the controller's points grid filtered on "Selected for
 * reporting" (the filter can be changed to select more), with the record columns and the point-reporting link.
 */
export function ReportingPointsPanel({ controllerId }: { controllerId: string }) {
  return (
    <Card size="small" title="Points">
      <Typography.Paragraph type="secondary">
        The points selected for reporting, with their earliest and latest record and latest value. Select rows to open
        their records in point reporting.
      </Typography.Paragraph>
      <PointsGrid scope={{ controllerId }} initialFilters={{ reporting_is_selected_for_reporting: ['true'] }} refreshMs={reportingPanelRefreshMs} />
    </Card>
  );
}
