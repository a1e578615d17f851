import { Space, Tag, Typography } from 'antd';
import type { EnabledService } from '@syrx/contracts/controllers';
import { type RolloutStateName, rolloutLabel, versionDrift } from '@syrx/contracts/service-rollout';

export const driftTitle = 'Drift: the reported version does not satisfy the assigned version range';

const colours: Record<RolloutStateName, string | undefined> = {
  built_in: undefined,
  up_to_date: 'success',
  updating: 'processing',
  rolled_back: 'error',
  failed: 'error',
  no_match: 'warning',
};

/** The reported version, flagged when the assigned range does not allow it. */
export function ReportedVersion({ service }: { service: Pick<EnabledService, 'assigned_version' | 'reported_version'> }) {
  if (service.reported_version === null) return null;
  return (
    <Space size={4}>
      <span>{service.reported_version}</span>
      {versionDrift(service.assigned_version, service.reported_version) && (
        <Tag color="warning" title={driftTitle} aria-label={driftTitle}>
          drift
        </Tag>
      )}
    </Space>
  );
}

/** Where the agent's updater stands with the service ('up to date', 'updating to 1.2.0', 'rolled back from 1.2.0: …'). */
export function RolloutState({ rollout }: { rollout: EnabledService['rollout'] }) {
  if (!rollout) return <Typography.Text type="secondary">not reported</Typography.Text>;
  const label = rolloutLabel(rollout);
  return (
    <Tag color={colours[rollout.state]} title={label} style={{ whiteSpace: 'normal' }}>
      {label}
    </Tag>
  );
}
