import { Alert, Button } from 'antd';
import { useEnableReporting, useReportingEnabled } from '../api/reporting-service';

export const reportingOffMessage = 'The reporting service is not enabled on this controller: the points selected for reporting are not collected.';

/**
 * Said above a points grid that has points selected for reporting while the controller's reporting service is off
 * (issue 24: a selection that silently did nothing), with the one click that turns it on.
 */
export function ReportingServiceOff({ controllerId, anySelected }: { controllerId: string; anySelected: boolean }) {
  const enabled = useReportingEnabled(controllerId);
  const enable = useEnableReporting(controllerId);
  if (enabled !== false || !anySelected) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={reportingOffMessage}
      description={enable.error ? `The reporting service could not be enabled: ${enable.error.message}` : undefined}
      action={
        <Button size="small" type="primary" loading={enable.isPending} onClick={() => enable.mutate()}>
          Enable the reporting service
        </Button>
      }
    />
  );
}
