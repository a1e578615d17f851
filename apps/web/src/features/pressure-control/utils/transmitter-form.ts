import type { FormRule } from 'antd';
import { type PressureTransmitter, pressureMessages, pressureTransmitterInputSchema } from '@syrx/contracts/pressure-control';
import type { FormErrorRules } from '../../../lib/form-errors';
import type { TransmitterInput } from '../api/transmitters';
import { type ChosenPoint, chosenFromTransmitter } from './chosen-point';
import { parseNumber } from './configuration-form';

/** The transmitter form: number and height hold the text typed; the point field holds the chosen point. */
export interface TransmitterFormValues {
  num: string;
  name: string;
  transmitter_height: string;
  syrx_controller_bacnet_point_id: ChosenPoint | null;
}

export const transmitterFormFields: readonly (keyof TransmitterFormValues)[] = ['num', 'name', 'transmitter_height', 'syrx_controller_bacnet_point_id'];

/** A 409 on a save is the number (spec: "That transmitter number is already used on this controller" under the field). */
export const transmitterSaveRules: FormErrorRules = { statusField: { status: 409, field: 'num', message: pressureMessages.numTaken } };

/** A new transmitter: no number (the server gives the next free one), no point yet. */
export const newTransmitterValues: TransmitterFormValues = { num: '', name: '', transmitter_height: '', syrx_controller_bacnet_point_id: null };

export const toTransmitterFormValues = (t: PressureTransmitter): TransmitterFormValues => ({
  num: String(t.num),
  name: t.name,
  transmitter_height: String(t.transmitter_height),
  syrx_controller_bacnet_point_id: chosenFromTransmitter(t),
});

/** The POST or PUT body; an empty number is left out, so the server gives the next free one. */
export function toTransmitterInput(v: TransmitterFormValues): TransmitterInput {
  const num = v.num.trim();
  return {
    ...(num === '' ? {} : { num: parseNumber(num) }),
    name: v.name.trim(),
    transmitter_height: parseNumber(v.transmitter_height),
    syrx_controller_bacnet_point_id: v.syrx_controller_bacnet_point_id?.id ?? 0,
  };
}

const fields = pressureTransmitterInputSchema.shape;
const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');
const check = (ok: boolean, message: string) => (ok ? Promise.resolve() : Promise.reject(new Error(message)));

/** The form's checks, with the contract's messages; the number may be left empty only on a new transmitter. */
export const transmitterRules = (isNew: boolean) =>
  ({
    num: [
      {
        validator: (_r, text: unknown) => {
          const value = textOf(text).trim();
          return check((isNew && value === '') || fields.num.safeParse(parseNumber(value)).success, pressureMessages.num);
        },
      },
    ],
    name: [{ max: 200, message: 'Enter a name of at most 200 characters' }],
    transmitter_height: [{ validator: (_r, text: unknown) => check(fields.transmitter_height.safeParse(parseNumber(textOf(text))).success, pressureMessages.height) }],
    syrx_controller_bacnet_point_id: [{ validator: (_r, point: unknown) => check(point !== null && point !== undefined, pressureMessages.pointNotOnController) }],
  }) satisfies Record<keyof TransmitterFormValues, FormRule[]>;
