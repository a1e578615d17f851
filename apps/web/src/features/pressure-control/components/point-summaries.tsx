import type { PressureConfiguration } from '@syrx/contracts/pressure-control';
import { type ChosenPoint, chosenFromSummary } from '../utils/chosen-point';
import { formatFahrenheit, formatPressure, formatStatusDate, notChosen } from '../utils/status-format';
import { ChangeButton } from './change-button';
import { type StatusItems, StatusSection } from './status-section';

const pointItems = (p: ChosenPoint | null): StatusItems => [
  { key: 'name', label: 'Point name', children: p === null ? notChosen : (p.name ?? '') },
  { key: 'device', label: 'Device', children: p === null ? '' : `${p.deviceName ?? ''} (${p.macAddress})` },
  { key: 'object', label: 'Object ID', children: p?.objectId ?? '' },
];

interface PointSummaryProps {
  title: string;
  editPath: string;
  editLabel: string;
  point: PressureConfiguration['oat_point'];
  /** What the loop last did with the point, after which point it is. */
  readings: StatusItems;
}

/** A point the loop uses: which point, the button that chooses another, and the last readings. */
function ChosenPointSummary({ title, editPath, editLabel, point, readings }: PointSummaryProps) {
  const extra = <ChangeButton to={editPath}>{editLabel}</ChangeButton>;
  return <StatusSection title={title} extra={extra} items={[...pointItems(chosenFromSummary(point)), ...readings]} />;
}

/** The outside-air-temperature sensor: which point, and the last value the loop read from it. */
export function OatSummary({ configuration: c, editPath }: { configuration: PressureConfiguration; editPath: string }) {
  const readings = [
    { key: 'value', label: 'Last value', children: formatFahrenheit(c.last_oat_value) },
    { key: 'date', label: 'Last value date', children: formatStatusDate(c.last_oat_date) },
  ];
  return <ChosenPointSummary title="Outside-air-temperature sensor" editPath={editPath} editLabel="Choose OAT sensor" point={c.oat_point} readings={readings} />;
}

/** The normalised pressure output: which point, the last Pnorm computed and when it was last written. */
export function PnormSummary({ configuration: c, editPath }: { configuration: PressureConfiguration; editPath: string }) {
  const readings = [
    { key: 'value', label: 'Last Pnorm', children: formatPressure(c.last_pnorm_output_value) },
    { key: 'computed', label: 'Last computed', children: formatStatusDate(c.last_pnorm_output_date) },
    { key: 'written', label: 'Last written', children: formatStatusDate(c.last_pnorm_output_write_date) },
  ];
  return <ChosenPointSummary title="Pnorm output" editPath={editPath} editLabel="Choose Pnorm output" point={c.pnorm_output_point} readings={readings} />;
}
