import { describe, expect, it } from 'vitest';
import { formatDateTime, formatUtcDay } from './date-format';

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

describe('UTC day MM-DD-YYYY', () => {
  it('takes the day in UTC, not in the browser time zone', () => {
    expect(formatUtcDay(new Date(Date.UTC(2025, 2, 7, 23, 59)))).toBe('03-07-2025');
    expect(formatUtcDay(new Date(Date.UTC(2024, 11, 31, 0, 0)))).toBe('12-31-2024');
  });
});
