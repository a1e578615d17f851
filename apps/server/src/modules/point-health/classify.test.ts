import { describe, expect, it } from 'vitest';
import type { PointHealthReading } from '@syrx/contracts/agent-protocol';
import { classifyReading, findingKey, type OverrideRule } from './classify.ts';

const operator8: OverrideRule = { operatorPriorities: [8], programPriorities: null };
const healthy: PointHealthReading = {
  object_type: 1, instance_number: 1, missing: false, present_value: 40,
  status_flags: { in_alarm: false, fault: false, overridden: false, out_of_service: false },
  out_of_service: false, reliability: 0, event_state: 0, priority_array: Array.from({ length: 16 }, () => null), relinquish_default: 40,
};
const slots = (entries: Record<number, number>) => Array.from({ length: 16 }, (_, i) => entries[i + 1] ?? null);
const categories = (r: PointHealthReading, rule = operator8) => classifyReading(r, rule).map((c) => c.category);

describe('classifyReading', () => {
  it('finds nothing in a healthy point, an input without a priority array, or a point the device no longer has', () => {
    expect(classifyReading(healthy, operator8)).toEqual([]);
    expect(classifyReading({ ...healthy, object_type: 0, priority_array: null, relinquish_default: null }, operator8)).toEqual([]);
    expect(classifyReading({ ...healthy, missing: true, reliability: 7 }, operator8)).toEqual([]);
  });

  it('calls a value at the operator priority an override, with that slot, and a program\'s priority not', () => {
    expect(classifyReading({ ...healthy, present_value: 100, priority_array: slots({ 8: 100 }) }, operator8))
      .toEqual([{ category: 'overridden', priority: 8, detail: 'Commanded to 100 at priority 8' }]);
    expect(categories({ ...healthy, priority_array: slots({ 10: 650 }) })).toEqual([]);
    // An override shadowed by a life-safety command still holds its slot.
    expect(classifyReading({ ...healthy, priority_array: slots({ 1: 0, 8: 100 }) }, operator8)[0])
      .toEqual({ category: 'overridden', priority: 8, detail: 'Commanded to 100 at priority 8, under priority 1' });
  });

  it('takes other operator priorities, and with the programs\' priorities named, any other priority as an override', () => {
    expect(categories({ ...healthy, priority_array: slots({ 5: 1 }) }, { operatorPriorities: [5, 8], programPriorities: null })).toEqual(['overridden']);
    const programs: OverrideRule = { operatorPriorities: [8], programPriorities: [10, 16] };
    expect(categories({ ...healthy, priority_array: slots({ 10: 650 }) }, programs)).toEqual([]);
    expect(classifyReading({ ...healthy, priority_array: slots({ 10: 650, 12: 3 }) }, programs)[0]).toMatchObject({ category: 'overridden', priority: 12 });
  });

  it('finds out of service, faults (flag or reliability) and alarms (flag or event state), several at once', () => {
    expect(categories({ ...healthy, out_of_service: true })).toEqual(['out_of_service']);
    expect(classifyReading({ ...healthy, reliability: 1 }, operator8)).toEqual([{ category: 'fault', priority: null, detail: 'Reliability: no-sensor' }]);
    expect(categories({ ...healthy, status_flags: { ...healthy.status_flags!, fault: true }, reliability: null })).toEqual(['fault']);
    expect(classifyReading({ ...healthy, event_state: 3 }, operator8)).toEqual([{ category: 'in_alarm', priority: null, detail: 'Event state: high-limit' }]);
    expect(categories({ ...healthy, out_of_service: true, reliability: 7, event_state: 2, priority_array: slots({ 8: 1 }) }))
      .toEqual(['overridden', 'out_of_service', 'fault', 'in_alarm']);
  });

  it('keys a finding by category, device and point', () => {
    expect(findingKey('fault', 3, 17)).toBe('fault:3:17');
    expect(findingKey('unreachable', 3, null)).toBe('unreachable:3:');
  });
});
