import { describe, expect, it } from 'vitest';
import { canRelinquish, categoryOf, flagsSet, pointLabel, scopeLabel, sweepPath, valueText } from './point-health-format';

describe('point health formatting', () => {
  it('builds a sweep\'s findings path with only the filters given', () => {
    expect(sweepPath(4)).toBe('/commissioning/point-health/sweeps/4');
    expect(sweepPath(4, { category: 'overridden', controller: 'c-1' })).toBe('/commissioning/point-health/sweeps/4?category=overridden&syrx_controller_id=c-1');
    expect(sweepPath(4, { change: 'resolved' })).toBe('/commissioning/point-health/sweeps/4?change=resolved');
  });

  it('reads only known categories from a search parameter', () => {
    expect(categoryOf('in_alarm')).toBe('in_alarm');
    expect(categoryOf('everything')).toBeUndefined();
    expect(categoryOf(null)).toBeUndefined();
  });

  it('names scopes, values, flags and points', () => {
    expect(scopeLabel({ scope: 'controller', syrx_controller_name: 'Building A controller', group_name: null })).toBe('Building A controller');
    expect(scopeLabel({ scope: 'group', syrx_controller_name: null, group_name: 'Harbor' })).toBe('Harbor (group)');
    expect(valueText(100, 'PERCENT')).toBe('100 percent');
    expect(valueText(72.30000305, 'DEGREES_FAHRENHEIT')).toBe('72.3 degrees fahrenheit');
    expect(valueText(null)).toBe('');
    expect(valueText(true)).toBe('true');
    expect(flagsSet({ in_alarm: true, fault: false, overridden: false, out_of_service: true })).toEqual(['in alarm', 'out of service']);
    expect(flagsSet(null)).toEqual([]);
    expect(pointLabel({ point_name: null, object_type: 1, instance_number: 3 })).toBe('OBJECT_ANALOG_OUTPUT:3');
    expect(pointLabel({ point_name: null, object_type: null, instance_number: null })).toBe('');
  });

  it('lets an override not yet released be relinquished, nothing else', () => {
    const override = { category: 'overridden', priority: 8, relinquished_at: null, change: null } as const;
    expect(canRelinquish(override)).toBe(true);
    expect(canRelinquish({ ...override, relinquished_at: '2025-03-07T14:00:00.000Z' })).toBe(false);
    expect(canRelinquish({ ...override, change: 'resolved' })).toBe(false);
    expect(canRelinquish({ ...override, category: 'fault' })).toBe(false);
  });
});
