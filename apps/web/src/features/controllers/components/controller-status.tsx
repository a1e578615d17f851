import { Typography } from 'antd';
import { useCriticalStatuses } from '../api/critical-statuses';
import { useLiveStatuses } from '../hooks/use-live-statuses';
import { controllerStatus, statusDetail, statusLabels } from '../utils/status';
import { StatusDot } from './status-dot';

/** The controller's status dot with its word and why, kept current as the tree's is (the same query, the same events). */
export function ControllerStatus({ id }: { id: string }) {
  const ids = [id];
  const answer = useCriticalStatuses(ids).get(id);
  useLiveStatuses(ids);
  const status = controllerStatus(answer?.report, answer?.failed);
  const detail = statusDetail(answer?.report, answer?.failed);
  return (
    <Typography.Text data-testid="controller-status" data-status={status} style={{ display: 'inline-flex', alignItems: 'center' }}>
      <StatusDot status={status} detail={detail} />
      <span>
        {statusLabels[status]}
        <Typography.Text type="secondary"> ({detail})</Typography.Text>
      </span>
    </Typography.Text>
  );
}
