import { describe, expect, it } from 'vitest';
import type { ComponentNode } from '@syrx/contracts/components';
import { choicesOf, emptyEquipmentValues, formatIsoDay, toEquipmentFields } from './equipment-form';

describe('the Equipment Information form', () => {
  it('sends blank text as null and an invalid or blank install or demo date as null', () => {
    expect(toEquipmentFields({ ...emptyEquipmentValues, name: ' AHU-1 ', install_date: '2026-06-15', demo_date: '2026-02-30', serial: '  ' })).toEqual({
      name: 'AHU-1', description: null, department: null, model: null, manufacturer: null, serial: null, install_date: '2026-06-15', demo_date: null, location: null,
    });
    expect(toEquipmentFields({ ...emptyEquipmentValues, install_date: '06/15/2026' }).install_date).toBeNull();
  });

  it('shows days as MM/DD/YYYY and lists a category\'s choices by path', () => {
    expect(formatIsoDay('2026-06-15')).toBe('06/15/2026');
    expect(formatIsoDay(null)).toBe('');
    const cooling: ComponentNode = { id: 2, description: 'Cooling', children: [{ id: 4, description: 'Chilled Water Coil', children: [{ id: 5, description: 'Two-Way Valve', children: [] }] }, { id: 9, description: 'None', children: [] }] };
    expect(choicesOf(cooling)).toEqual([
      { value: 4, label: 'Chilled Water Coil' }, { value: 5, label: 'Chilled Water Coil › Two-Way Valve' }, { value: 9, label: 'None' },
    ]);
  });
});
