import { describe, expect, it } from 'vitest';
import { type PressureConfiguration, pressureConfigurationPatchSchema, pressureDefaults } from '@syrx/contracts/pressure-control';
import { parseNeutralPlaneHeight, toConfigurationFormValues, toConfigurationPatch } from './configuration-form';
import { toPointPatch } from './point-choice';

const unsaved: PressureConfiguration = {
  syrx_controller_id: 'c', saved: false, neutral_plane_height: null, is_output_enabled: false, oat_syrx_controller_bacnet_point_id: null,
  pnorm_output_syrx_controller_bacnet_point_id: null, indoor_temperature: pressureDefaults.indoorTemperatureF, interval_seconds: pressureDefaults.intervalSeconds,
  write_priority: pressureDefaults.writePriority, last_oat_date: null, last_oat_value: null, last_pnorm_output_date: null, last_pnorm_output_value: null,
  last_pnorm_output_write_date: null, exception_date: null, exception_type: null, exception_message: null, exception_stack_trace: null, oat_point: null, pnorm_output_point: null,
};

describe('neutral plane height', () => {
  it('is parsed as a number', () => {
    expect(parseNeutralPlaneHeight('52')).toBe(52);
    expect(parseNeutralPlaneHeight(' 12.5 ')).toBe(12.5);
    expect(parseNeutralPlaneHeight('-3')).toBe(-3);
    expect(parseNeutralPlaneHeight('0')).toBe(0);
    expect(parseNeutralPlaneHeight('1e2')).toBe(100);
  });

  it('is null when empty or not a finite number', () => {
    for (const text of ['', '   ', 'abc', '12 ft', '12,5', 'Infinity', '-Infinity', '1e999', 'NaN']) expect(parseNeutralPlaneHeight(text)).toBeNull();
  });
});

describe('configuration form', () => {
  it('opens on the saved values, a height that is not set as empty text', () => {
    expect(toConfigurationFormValues(unsaved)).toEqual({ neutral_plane_height: '', is_output_enabled: false, indoor_temperature: '70', interval_seconds: '60', write_priority: '10' });
    expect(toConfigurationFormValues({ ...unsaved, neutral_plane_height: 88.5 }).neutral_plane_height).toBe('88.5');
  });

  it('sends every field it shows as numbers, the height as null when it is no number', () => {
    const patch = toConfigurationPatch({ neutral_plane_height: ' 88 ', is_output_enabled: true, indoor_temperature: '68.5', interval_seconds: '5', write_priority: '12' });
    expect(patch).toEqual({ neutral_plane_height: 88, is_output_enabled: true, indoor_temperature: 68.5, interval_seconds: 5, write_priority: 12 });
    expect(pressureConfigurationPatchSchema.safeParse(patch).success).toBe(true);
    const cleared = toConfigurationPatch({ ...toConfigurationFormValues(unsaved), neutral_plane_height: 'unknown' });
    expect(cleared).toMatchObject({ neutral_plane_height: null });
    expect(pressureConfigurationPatchSchema.safeParse(cleared).success).toBe(true);
  });

  it('leaves a bad number for the contract to refuse with its message (priority 6 is reserved)', () => {
    const patch = toConfigurationPatch({ ...toConfigurationFormValues(unsaved), write_priority: '6', interval_seconds: '' });
    const issues = pressureConfigurationPatchSchema.safeParse(patch).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual(['interval_seconds: Enter an interval from 5 to 3600 seconds', 'write_priority: Enter a priority from 1 to 16 (6 is reserved for minimum on/off)']);
  });
});

describe('point forms', () => {
  const point = { id: 42, name: 'Outside Air Temperature', objectId: 'OBJECT_ANALOG_INPUT:1', deviceName: 'WS-1', macAddress: '127.0.60.13:47808' };
  it('send the chosen point id, or null when cleared, in their own field only', () => {
    expect(toPointPatch('oatSensor', point)).toEqual({ oat_syrx_controller_bacnet_point_id: 42 });
    expect(toPointPatch('pnormOutput', point)).toEqual({ pnorm_output_syrx_controller_bacnet_point_id: 42 });
    expect(toPointPatch('oatSensor', null)).toEqual({ oat_syrx_controller_bacnet_point_id: null });
    expect(pressureConfigurationPatchSchema.safeParse(toPointPatch('pnormOutput', null)).success).toBe(true);
  });
});
