import { describe, expect, it } from 'vitest';
import { localDatePart, localTimePart, rangeKey, resolveRange, withDatePart, withRangeEnd, withTimePart } from './time-range';

const at = new Date(2025, 2, 7, 14, 5, 9);

describe('date and time pickers', () => {
  it('show a moment as its local day and time of day', () => {
    expect(localDatePart(at)).toBe('2025-03-07');
    expect(localTimePart(at)).toBe('14:05:09');
  });

  it('keep the time of day when the day changes', () => {
    expect(withDatePart(at, '2025-02-28')).toEqual(new Date(2025, 1, 28, 14, 5, 9));
  });

  it('keep the day when the time of day changes, with or without seconds', () => {
    expect(withTimePart(at, '08:30')).toEqual(new Date(2025, 2, 7, 8, 30, 0));
    expect(withTimePart(at, '23:59:58')).toEqual(new Date(2025, 2, 7, 23, 59, 58));
  });

  it('ignore an emptied field or a value that is no day or time', () => {
    expect(withDatePart(at, '')).toBeNull();
    expect(withDatePart(at, '2025-02-30')).toBeNull();
    expect(withTimePart(at, '')).toBeNull();
    expect(withTimePart(at, '24:00')).toBeNull();
  });
});

describe('time ranges', () => {
  const now = new Date('2025-03-07T14:00:00Z');

  it('follow the clock while recent, and stay put once fixed', () => {
    expect(resolveRange({ kind: 'recent', minutes: 10 }, now)).toEqual({ start: new Date('2025-03-07T13:50:00Z'), end: now });
    const fixed = { kind: 'fixed', start: new Date('2025-03-01T00:00:00Z'), end: new Date('2025-03-02T00:00:00Z') } as const;
    expect(resolveRange(fixed, now)).toEqual({ start: fixed.start, end: fixed.end });
    expect(rangeKey({ kind: 'recent', minutes: 10 })).toBe('recent-10');
    expect(rangeKey(fixed)).toBe('2025-03-01T00:00:00.000Z/2025-03-02T00:00:00.000Z');
  });

  it('become fixed when one end changes, moving the other along rather than turning inside out', () => {
    const current = resolveRange({ kind: 'recent', minutes: 10 }, now);
    expect(withRangeEnd(current, 'start', new Date('2025-03-07T13:00:00Z'))).toEqual({ kind: 'fixed', start: new Date('2025-03-07T13:00:00Z'), end: now });
    expect(withRangeEnd(current, 'start', new Date('2025-03-07T15:00:00Z'))).toEqual({
      kind: 'fixed', start: new Date('2025-03-07T15:00:00Z'), end: new Date('2025-03-07T15:10:00Z'),
    });
    expect(withRangeEnd(current, 'end', new Date('2025-03-07T13:00:00Z'))).toEqual({
      kind: 'fixed', start: new Date('2025-03-07T12:50:00Z'), end: new Date('2025-03-07T13:00:00Z'),
    });
  });
});
