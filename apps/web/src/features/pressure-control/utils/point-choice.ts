import type { PressureConfiguration } from '@syrx/contracts/pressure-control';
import type { ConfigurationPatch } from '../api/configuration';
import { type ChosenPoint, chosenFromSummary } from './chosen-point';

/** The two points of the configuration chosen with the point-picker tree, each on a route of its own. */
export type PointChoice = 'oatSensor' | 'pnormOutput';

type PointField = 'oat_syrx_controller_bacnet_point_id' | 'pnorm_output_syrx_controller_bacnet_point_id';

interface ChoiceOf {
  title: string;
  field: PointField;
  help: string;
  current: (c: PressureConfiguration) => ChosenPoint | null;
}

export const pointChoices: Record<PointChoice, ChoiceOf> = {
  oatSensor: {
    title: 'Outside-air-temperature sensor',
    field: 'oat_syrx_controller_bacnet_point_id',
    help: 'The point the loop reads the outside-air temperature from (°F; a point in °C or K is converted by its units).',
    current: (c) => chosenFromSummary(c.oat_point),
  },
  pnormOutput: {
    title: 'Normalised pressure output',
    field: 'pnorm_output_syrx_controller_bacnet_point_id',
    help: 'The point the loop writes Pnorm to, at the write priority, while output is enabled.',
    current: (c) => chosenFromSummary(c.pnorm_output_point),
  },
};

/** The PATCH body of a point form: the chosen point's id, or null when it was cleared. */
export const toPointPatch = (choice: PointChoice, point: ChosenPoint | null): ConfigurationPatch => ({ [pointChoices[choice].field]: point?.id ?? null });
