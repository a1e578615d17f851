import { Descriptions } from 'antd';
import type { EnabledService } from '@syrx/contracts/controllers';
import { formatDateTime } from '../../../lib/date-format';

type Diagnostics = NonNullable<EnabledService['diagnostics']>;
type Value = Diagnostics[string];

/** Labels of what services report (the reporting service's buffer and collection); other keys show as sent. */
const labels: Record<string, string> = {
  buffer_depth: 'Records waiting to be sent',
  oldest_unsent: 'Oldest unsent record',
  cov_subscriptions: 'COV subscriptions',
  polled_points: 'Polled points',
  dropped_records: 'Records dropped (buffer full)',
};

function display(key: string, value: Value): string {
  if (key === 'oldest_unsent') return typeof value === 'string' ? formatDateTime(value) : 'None (everything was sent)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value === null ? '' : String(value);
}

/**
 * What the service said about itself in the agent's latest heartbeat (e.g. the reporting service's buffer depth,
 * oldest unsent record, COV subscriptions and polled points); nothing while it has reported none.
 */
export function ServiceDiagnostics({ diagnostics }: { diagnostics: EnabledService['diagnostics'] }) {
  const entries = Object.entries(diagnostics ?? {});
  if (entries.length === 0) return null;
  return (
    <Descriptions
      title="Reported by the service"
      bordered
      size="small"
      column={1}
      items={entries.map(([key, value]) => ({ key, label: labels[key] ?? key, children: display(key, value) }))}
    />
  );
}
