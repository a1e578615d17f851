import { describe, expect, it } from 'vitest';
import { addUtcDays, formatDateTime, formatUtcDateTime, formatUtcDay, isoDay, parseIsoDay, parseUtcDay, startOfUtcDay } from './date-format';

describe('date format MM/DD/YYYY hh:mm:ss a', () => {
  it('writes afternoon, midnight and noon on a 12-hour clock in local time', () => {
    expect(formatDateTime(new Date(2025, 2, 7, 14, 5, 9).toISOString())).toBe('03/07/2025 02:05:09 pm');
    expect(formatDateTime(new Date(2024, 11, 31, 0, 0, 1).toISOString())).toBe('12/31/2024 12:00:01 am');
    expect(formatDateTime(new Date(2024, 0, 2, 12, 30, 0).toISOString())).toBe('01/02/2024 12:30:00 pm');
  });

  it.each([
    { at: '2025-03-07T14:05:09Z', shown: '03/07/2025 02:05:09 pm' },
    { at: '2025-03-07T09:05:09-05:00', shown: '03/07/2025 02:05:09 pm' },
    { at: '2024-12-31T00:00:01.500Z', shown: '12/31/2024 12:00:01 am' },
    { at: '2024-01-02T12:30:00Z', shown: '01/02/2024 12:30:00 pm' },
  ])('writes the same in UTC, whatever the browser time zone: $at', ({ at, shown }) => {
    expect(formatUtcDateTime(at)).toBe(shown);
  });

  it('leaves a value that is no date as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatUtcDateTime('soon')).toBe('soon');
  });
});

describe('UTC day MM-DD-YYYY', () => {
  it('takes the day in UTC, not in the browser time zone', () => {
    expect(formatUtcDay(new Date(Date.UTC(2025, 2, 7, 23, 59)))).toBe('03-07-2025');
    expect(formatUtcDay(new Date(Date.UTC(2024, 11, 31, 0, 0)))).toBe('12-31-2024');
  });

  it('reads a day back as midnight UTC, refusing what is no calendar day', () => {
    expect(parseUtcDay('03-07-2025')?.toISOString()).toBe('2025-03-07T00:00:00.000Z');
    expect(parseUtcDay('02-29-2024')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    for (const bad of ['02-29-2025', '13-01-2025', '00-10-2025', '3-7-2025', '2025-03-07', '', 'today']) expect(parseUtcDay(bad)).toBeNull();
  });

  it('moves by whole days and finds the start of a day in UTC', () => {
    expect(addUtcDays(new Date('2025-03-01T00:00:00Z'), -1).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(startOfUtcDay(new Date('2025-03-07T23:59:59.999Z')).toISOString()).toBe('2025-03-07T00:00:00.000Z');
  });

  it('converts to and from a date input value (YYYY-MM-DD)', () => {
    expect(isoDay(new Date('2025-03-07T00:00:00Z'))).toBe('2025-03-07');
    expect(parseIsoDay('2025-03-07')?.toISOString()).toBe('2025-03-07T00:00:00.000Z');
    expect(parseIsoDay('')).toBeNull();
    expect(parseIsoDay('2025-02-30')).toBeNull();
  });
});
