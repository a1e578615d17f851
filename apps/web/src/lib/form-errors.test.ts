import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { serverFieldErrors } from './server-field-errors';

describe('serverFieldErrors', () => {
  const refusal = new ApiError(400, { code: 'validation_failed', message: 'The request has invalid or missing fields.', fields: [
    { field: 'equipment.name', message: 'Name is required' }, { field: 'sub_components.0', message: 'Not a subcomponent' }, { field: 'owner_id', message: 'Unknown' },
  ] });

  it('puts a 400\'s messages on the form\'s fields, without the body path\'s prefix', () => {
    expect(serverFieldErrors(refusal, ['name', 'owner_id'], 'equipment.')).toEqual([{ name: 'name', errors: ['Name is required'] }, { name: 'owner_id', errors: ['Unknown'] }]);
  });

  it('gives nothing for other failures', () => {
    expect(serverFieldErrors(new ApiError(403, { code: 'forbidden', message: 'No' }), ['name'])).toEqual([]);
    expect(serverFieldErrors(new Error('network'), ['name'])).toEqual([]);
  });
});
