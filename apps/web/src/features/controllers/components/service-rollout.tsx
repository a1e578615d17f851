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

/** What a service without a rollout report runs: the agent's built-in module once it reported a version, else nothing known yet. */
const unreported = (reportedVersion: string | null) =>
  reportedVersion === null ? <Typography.Text type="secondary">not reported yet</Typography.Text> : <Tag title={builtInTitle}>built in</Tag>;
export const builtInTitle = 'The agent runs its own module of the service: no published version of it is installed';

/**
 * Where the agent's updater stands with the service ('up to date', 'updating to 1.2.0', 'rolled back from 1.2.0: …').
 * An agent that reported the service's version but no rollout runs its built-in module: said as the updater says it.
 */
export function RolloutState({ service }: { service: Pick<EnabledService, 'rollout' | 'reported_version'> }) {
  const { rollout } = service;
  if (!rollout) return unreported(service.reported_version);
  const label = rolloutLabel(rollout);
  return (
    <Tag color={colours[rollout.state]} title={label} style={{ whiteSpace: 'normal' }}>
      {label}
    </Tag>
  );
}
