import { describe, expect, it } from 'vitest';
import { account } from '../../../testing/fake-accounts';
import { currentValues, formatDay, formatPrice, formatSize, todayIn } from './account-format';

const entry = (id: number, effective_date: string, value: number) => ({ id, account_id: 1, effective_date, value, note: null });

describe('account formats', () => {
  it('writes sizes in sqft, costs in $/kWh with 2 decimals, and days as MM/DD/YYYY', () => {
    expect(formatSize(12_500)).toBe('12,500 sqft');
    expect(formatSize(980.5)).toBe('980.5 sqft');
    expect(formatPrice(0.14)).toBe('$0.14/kWh');
    expect(formatPrice(1)).toBe('$1.00/kWh');
    expect(formatPrice(0.1234)).toBe('$0.1234/kWh');
    expect(formatDay('2025-06-01')).toBe('06/01/2025');
  });

  it('takes today in the account\'s own time zone', () => {
    const lateEvening = new Date('2025-03-01T03:30:00Z');
    expect(todayIn('America/Los_Angeles', lateEvening)).toBe('2025-02-28');
    expect(todayIn('Europe/Berlin', lateEvening)).toBe('2025-03-01');
    expect(todayIn('Not/A_Zone', lateEvening)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the size and cost in force: the latest entry not after today, else the starting value', () => {
    const a = account(1, {
      timezone: 'America/New_York',
      account_size_normalizations: [entry(1, '2025-01-01', 13_000), entry(2, '2025-03-01', 14_000)],
      account_price_normalizations: [entry(3, '2025-03-02', 0.2)],
    });
    // 28 February in New York, 1 March in UTC.
    expect(currentValues(a, new Date('2025-03-01T03:00:00Z'))).toEqual({ size: 13_000, price: 0.14 });
    expect(currentValues(a, new Date('2025-03-02T12:00:00Z'))).toEqual({ size: 14_000, price: 0.2 });
  });
});
