import { App, Button, Popconfirm, Typography } from 'antd';
import type { PointHealthFinding } from '@syrx/contracts/point-health';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { useRelinquish } from '../api/point-health';
import { canRelinquish, deviceLabel, pointLabel } from '../utils/point-health-format';

/**
 * An override's release: after confirming, the server writes NULL at the override's priority through the controller's
 * agent and reads the point back (audited). Shows who released it once done.
 */
export function RelinquishButton({ finding }: { finding: PointHealthFinding }) {
  const { message } = App.useApp();
  const relinquish = useRelinquish();
  if (finding.relinquished_at !== null) {
    return <Typography.Text type="secondary">Relinquished by {finding.relinquished_by ?? 'someone'} {formatOptionalDateTime(finding.relinquished_at)}</Typography.Text>;
  }
  if (!canRelinquish(finding)) return null;
  const what = `${pointLabel(finding)} (${deviceLabel(finding)})`;
  return (
    <Popconfirm
      title={`Relinquish priority ${finding.priority} of ${what}?`}
      description="The device then takes the value of the next priority, or its relinquish default."
      okText="Relinquish"
      okButtonProps={{ danger: true, loading: relinquish.isPending }}
      onConfirm={() =>
        relinquish.mutate(finding.id, {
          onSuccess: () => void message.success(`Priority ${finding.priority} of ${what} relinquished`),
          onError: (err) => void message.error(err.message),
        })}
    >
      <Button size="small" danger aria-label={`Relinquish ${what}`}>Relinquish</Button>
    </Popconfirm>
  );
}
