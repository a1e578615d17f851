import { describe, expect, it } from 'vitest';
import { moveRangeLabel } from './move-row';

describe('move range label', () => {
  it('shows All records, or the start day and the inclusive end day', () => {
    expect(moveRangeLabel({ full_time_range: true, start_date: null, end_date: null })).toBe('All records');
    expect(moveRangeLabel({ full_time_range: false, start_date: '2025-03-01T00:00:00.000Z', end_date: '2025-03-08T00:00:00.000Z' })).toBe('03/01/2025 – 03/07/2025');
  });
});
