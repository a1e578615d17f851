import { describe, expect, it } from 'vitest';
import { type PressureTransmitter, pressureTransmitterInputSchema, transmitterLabel } from '@syrx/contracts/pressure-control';
import { ApiError } from '../../../lib/api-client';
import { formFailure } from '../../../lib/form-errors';
import { newTransmitterValues, toTransmitterFormValues, toTransmitterInput, transmitterFormFields, transmitterSaveRules } from './transmitter-form';

const saveFailure = (error: Error, fields: readonly string[]) => formFailure(error, fields, transmitterSaveRules);

const bpt2: PressureTransmitter = {
  id: 7, syrx_controller_id: 'c', num: 2, name: 'Floor 4', transmitter_height: 52, syrx_controller_bacnet_point_id: 31, last_value_date: null,
  last_pressure: null, last_normalized_pressure: null, syrx_controller_bacnet_device_mac_address: '127.0.60.14:47808',
  syrx_controller_bacnet_point_object_id: 'OBJECT_ANALOG_INPUT:2', syrx_controller_bacnet_device_name: 'BPC-1', syrx_controller_bacnet_point_name: 'BPT-2',
};
const point = { id: 31, name: 'BPT-2', objectId: 'OBJECT_ANALOG_INPUT:2', deviceName: 'BPC-1', macAddress: '127.0.60.14:47808' };

describe('transmitter label', () => {
  it('is BPT-{num}', () => {
    expect(transmitterLabel(1)).toBe('BPT-1');
    expect(transmitterLabel(172)).toBe('BPT-172');
  });
});

describe('transmitter form', () => {
  it('leaves the number out of a new transmitter when it is empty (the server gives the next free one)', () => {
    const input = toTransmitterInput({ ...newTransmitterValues, name: ' Lobby ', transmitter_height: '4', syrx_controller_bacnet_point_id: point });
    expect(input).toEqual({ name: 'Lobby', transmitter_height: 4, syrx_controller_bacnet_point_id: 31 });
    expect(pressureTransmitterInputSchema.safeParse(input).success).toBe(true);
  });

  it('opens an existing transmitter with its values and point, and sends them back', () => {
    const values = toTransmitterFormValues(bpt2);
    expect(values).toEqual({ num: '2', name: 'Floor 4', transmitter_height: '52', syrx_controller_bacnet_point_id: point });
    expect(toTransmitterInput({ ...values, num: '12', transmitter_height: '52.5' })).toEqual({ num: 12, name: 'Floor 4', transmitter_height: 52.5, syrx_controller_bacnet_point_id: 31 });
  });

  it('leaves bad numbers for the contract to refuse with its messages', () => {
    const result = pressureTransmitterInputSchema.safeParse(toTransmitterInput({ ...newTransmitterValues, num: '1000', transmitter_height: 'high', syrx_controller_bacnet_point_id: point }));
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Enter a transmitter number from 1 to 999', 'Enter a height in feet']);
  });
});

describe('a refused save', () => {
  it('puts a 409 under the number with the specification message', () => {
    const error = new ApiError(409, { code: 'conflict', message: 'x' });
    expect(saveFailure(error, transmitterFormFields)).toEqual({ fields: [{ name: 'num', errors: ['That transmitter number is already used on this controller'] }], alert: null });
  });

  it('puts 400 messages under their fields, and what no field holds in the alert', () => {
    const fields = [{ field: 'syrx_controller_bacnet_point_id', message: 'Choose a point of this controller' }];
    expect(saveFailure(new ApiError(400, { code: 'validation_failed', message: 'Choose a point of this controller', fields }), transmitterFormFields)).toEqual({ fields: [{ name: 'syrx_controller_bacnet_point_id', errors: ['Choose a point of this controller'] }], alert: null });
    const other = [{ field: 'pnorm_output_syrx_controller_bacnet_point_id', message: 'Choose a point of this controller' }];
    expect(saveFailure(new ApiError(400, { code: 'validation_failed', message: 'Not valid.', fields: other }), ['oat_syrx_controller_bacnet_point_id'])).toEqual({
      fields: [], alert: 'Not valid. Choose a point of this controller',
    });
  });

  it('shows any other failure in the alert', () => {
    expect(saveFailure(new ApiError(403, { code: 'forbidden', message: 'You do not have permission to do this.' }), transmitterFormFields)).toEqual({ fields: [], alert: 'You do not have permission to do this.' });
    expect(saveFailure(new Error('offline'), ['num'])).toEqual({ fields: [], alert: 'offline' });
  });
});
