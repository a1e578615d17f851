import { Descriptions, type DescriptionsProps } from 'antd';
import type { PressureConfiguration } from '@syrx/contracts/pressure-control';
import { type ChosenPoint, chosenFromSummary } from '../utils/chosen-point';
import { formatFahrenheit, formatPressure, formatStatusDate, notChosen } from '../utils/status-format';
import { ChangeButton } from './change-button';

type Items = NonNullable<DescriptionsProps['items']>;

const pointItems = (p: ChosenPoint | null): Items => [
  { key: 'name', label: 'Point name', children: p === null ? notChosen : (p.name ?? '') },
  { key: 'device', label: 'Device', children: p === null ? '' : `${p.deviceName ?? ''} (${p.macAddress})` },
  { key: 'object', label: 'Object ID', children: p?.objectId ?? '' },
];

/** The outside-air-temperature sensor: which point, and the last value the loop read from it. */
export function OatSummary({ configuration: c, editPath }: { configuration: PressureConfiguration; editPath: string }) {
  return (
    <Descriptions
      title="Outside-air-temperature sensor"
      bordered
      size="small"
      column={1}
      extra={<ChangeButton to={editPath}>Choose OAT sensor</ChangeButton>}
      items={[
        ...pointItems(chosenFromSummary(c.oat_point)),
        { key: 'value', label: 'Last value', children: formatFahrenheit(c.last_oat_value) },
        { key: 'date', label: 'Last value date', children: formatStatusDate(c.last_oat_date) },
      ]}
    />
  );
}

/** The normalised pressure output: which point, the last Pnorm computed and when it was last written. */
export function PnormSummary({ configuration: c, editPath }: { configuration: PressureConfiguration; editPath: string }) {
  return (
    <Descriptions
      title="Pnorm output"
      bordered
      size="small"
      column={1}
      extra={<ChangeButton to={editPath}>Choose Pnorm output</ChangeButton>}
      items={[
        ...pointItems(chosenFromSummary(c.pnorm_output_point)),
        { key: 'value', label: 'Last Pnorm', children: formatPressure(c.last_pnorm_output_value) },
        { key: 'computed', label: 'Last computed', children: formatStatusDate(c.last_pnorm_output_date) },
        { key: 'written', label: 'Last written', children: formatStatusDate(c.last_pnorm_output_write_date) },
      ]}
    />
  );
}
