import { describe, expect, it } from 'vitest';
import { controllerLabel, formatDateTime } from './format';

describe('controller label', () => {
  it('reads "group name - name"', () => {
    expect(controllerLabel({ id: 'c1', group_name: 'Harbor Office Park', name: 'AHU controller' })).toBe('Harbor Office Park - AHU controller');
  });

  it('falls back to the id for a controller without a name', () => {
    expect(controllerLabel({ id: '7b0e9d4e', group_name: 'Root', name: ' ' })).toBe('Root - 7b0e9d4e');
  });
});

describe('date format MM/DD/YYYY hh:mm:ss a', () => {
  it('writes afternoon, midnight and noon on a 12-hour clock in local time', () => {
    expect(formatDateTime(new Date(2025, 2, 7, 14, 5, 9).toISOString())).toBe('03/07/2025 02:05:09 pm');
    expect(formatDateTime(new Date(2024, 11, 31, 0, 0, 1).toISOString())).toBe('12/31/2024 12:00:01 am');
    expect(formatDateTime(new Date(2024, 0, 2, 12, 30, 0).toISOString())).toBe('01/02/2024 12:30:00 pm');
  });

  it('leaves a value that is no date as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
