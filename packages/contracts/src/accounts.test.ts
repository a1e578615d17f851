import { describe, expect, it } from 'vitest';
import { accountCreateSchema, isIsoDay, type Normalization, priceNormalizationCreateSchema, sizeNormalizationCreateSchema, valueInForce } from './accounts.ts';

const entry = (effective_date: string, value: number, id = 1): Normalization => ({ id, account_id: 1, effective_date, value, note: null });

describe('account contracts', () => {
  it('takes real calendar days written YYYY-MM-DD only', () => {
    for (const ok of ['2024-02-29', '2025-12-31', '0001-01-01', '2000-02-29']) expect(isIsoDay(ok), ok).toBe(true);
    for (const bad of ['2025-02-29', '1900-02-29', '2025-04-31', '2025-00-10', '0000-01-01', '2025-1-01', '01/02/2025', '2025-01-01T00:00:00Z', '']) expect(isIsoDay(bad), bad).toBe(false);
  });

  it('reads the value in force on a day: the latest entry on or before it, else the initial value', () => {
    const history = [entry('2024-01-01', 10), entry('2025-01-01', 20, 2), entry('2025-01-01', 25, 3), entry('2030-01-01', 99, 4)];
    expect(valueInForce(5, history, '2023-12-31')).toBe(5);
    expect(valueInForce(5, history, '2024-01-01')).toBe(10);
    expect(valueInForce(5, history, '2026-06-30')).toBe(25);
    expect(valueInForce(5, [], '2026-06-30')).toBe(5);
  });

  it('requires a size above 0 and a cost of 0 or more, and makes an empty account number or note null', () => {
    const base = { name: 'A', type: 'gas', weatherstation_id: 1, timezone: 'UTC', group_id: 1, buildingSquareFootage: 1, utilityCostPerUnit: 0 };
    expect(accountCreateSchema.parse({ ...base, num: '  ' }).num).toBeNull();
    expect(accountCreateSchema.safeParse({ ...base, buildingSquareFootage: 0 }).success).toBe(false);
    expect(accountCreateSchema.safeParse({ ...base, utilityCostPerUnit: -0.01 }).success).toBe(false);
    const e = { account_id: 1, effective_date: '2025-01-01', note: '' };
    expect(sizeNormalizationCreateSchema.safeParse({ ...e, value: 0 }).success).toBe(false);
    expect(priceNormalizationCreateSchema.parse({ ...e, value: 0 })).toEqual({ account_id: 1, effective_date: '2025-01-01', note: null, value: 0 });
  });
});
