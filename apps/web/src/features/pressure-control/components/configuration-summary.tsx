import { Tag } from 'antd';
import type { PressureConfiguration } from '@syrx/contracts/pressure-control';
import { formatFahrenheit, formatFeet, formatSeconds } from '../utils/status-format';
import { ChangeButton } from './change-button';
import { StatusSection } from './status-section';

/** The configuration part of the status panel: what the loop runs with. */
export function ConfigurationSummary({ configuration: c, editPath }: { configuration: PressureConfiguration; editPath: string }) {
  return (
    <StatusSection
      title="Configuration"
      extra={<ChangeButton to={editPath}>Edit configuration</ChangeButton>}
      items={[
        { key: 'npl', label: 'Neutral plane height', children: formatFeet(c.neutral_plane_height) },
        {
          key: 'output',
          label: 'Output enabled',
          children: c.is_output_enabled ? <Tag color="green">Enabled</Tag> : <Tag>Disabled</Tag>,
        },
        { key: 'indoor', label: 'Indoor temperature', children: formatFahrenheit(c.indoor_temperature) },
        { key: 'interval', label: 'Interval', children: formatSeconds(c.interval_seconds) },
        { key: 'priority', label: 'Write priority', children: c.write_priority },
      ]}
    />
  );
}
