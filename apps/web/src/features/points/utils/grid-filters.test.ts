import { describe, expect, it } from 'vitest';
import { filterParams, gridFilterSchema } from '@syrx/contracts/grid';
import { toGridFilters } from './grid-filters';

describe('points grid filters', () => {
  it('filters text by "contains" and types, selections and flags by equality', () => {
    const filters = toGridFilters({ name: ['Zone Temp '], object_type: [0], reporting_is_selected_for_reporting: ['true'], description: null });
    expect(filters).toEqual([
      { field: 'name', field_type: 'string', operator: 'contains', value: 'Zone Temp' },
      { field: 'object_type', field_type: 'number', operator: 'eq', value: '0' },
      { field: 'reporting_is_selected_for_reporting', field_type: 'boolean', operator: 'eq', value: 'true' },
    ]);
    for (const f of filters) expect(gridFilterSchema.parse(f)).toEqual(f);
  });

  it('leaves out empty text and columns the server cannot filter', () => {
    expect(toGridFilters({ name: ['  '], actions: ['x'] })).toEqual([]);
  });

  it('writes the filters in the query form the server reads', () => {
    expect(filterParams(toGridFilters({ units: ['DEGREES'] }))).toEqual({
      'filters[0][field]': 'units',
      'filters[0][field_type]': 'string',
      'filters[0][operator]': 'contains',
      'filters[0][value]': 'DEGREES',
    });
  });
});
