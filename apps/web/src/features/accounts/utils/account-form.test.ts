import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { account } from '../../../testing/fake-accounts';
import { formFailure } from '../../../lib/form-errors';
import { accountSaveRules, isCentStep, toAccountCreate, toAccountFormValues, toAccountUpdate, toHistoryEntry } from './account-form';

describe('account form', () => {
  it('accepts costs in steps of 0.01 only, despite binary fractions', () => {
    for (const ok of [0, 0.01, 0.29, 0.57, 1.1, 12.34, 1005.99]) expect(isCentStep(ok), String(ok)).toBe(true);
    for (const bad of [0.001, 0.125, 1.005, 0.1234]) expect(isCentStep(bad), String(bad)).toBe(false);
  });

  it('sends trimmed fields, an empty account number as null, and the starting values only on create', () => {
    const values = { ...toAccountFormValues(account(1)), name: '  Plant ', num: '  ', buildingSquareFootage: 900, utilityCostPerUnit: 0.3 };
    expect(toAccountUpdate(values)).toEqual({ name: 'Plant', num: null, type: 'electric', weatherstation_id: 1, timezone: 'America/New_York' });
    expect(toAccountCreate(values, 4)).toMatchObject({ group_id: 4, buildingSquareFootage: 900, utilityCostPerUnit: 0.3 });
    expect(toHistoryEntry(1, { effective_date: '2025-01-01', value: 5, note: ' ' })).toEqual({ account_id: 1, effective_date: '2025-01-01', value: 5, note: null });
  });

  it('puts a refusal\'s field messages under the form\'s fields and everything else in the alert', () => {
    const body = { code: 'validation_failed' as const, message: 'The request has invalid or missing fields.', fields: [{ field: 'timezone', message: 'This is not an IANA time zone' }] };
    expect(formFailure(new ApiError(400, body), ['timezone'], accountSaveRules)).toEqual({ fields: [{ name: 'timezone', errors: ['This is not an IANA time zone'] }], alert: null });
    expect(formFailure(new ApiError(400, body), ['name'], accountSaveRules)).toEqual({ fields: [], alert: 'The request has invalid or missing fields. timezone: This is not an IANA time zone' });
    expect(formFailure(new ApiError(404, { code: 'not_found', message: 'The account was not found.' }), ['name'], accountSaveRules)).toEqual({ fields: [], alert: 'The account was not found.' });
  });
});
