import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { formFailure } from './form-errors';

describe('formFailure', () => {
  const refusal = new ApiError(400, { code: 'validation_failed', message: 'The request has invalid or missing fields.', fields: [
    { field: 'equipment.name', message: 'Name is required' }, { field: 'sub_components.0', message: 'Not a subcomponent' }, { field: 'owner_id', message: 'Unknown' },
  ] });

  it('puts the messages on the form\'s fields, without the body path\'s prefix, and the rest in the alert', () => {
    expect(formFailure(refusal, ['name', 'owner_id'], { prefix: 'equipment.' })).toEqual({
      fields: [{ name: 'name', errors: ['Name is required'] }, { name: 'owner_id', errors: ['Unknown'] }],
      alert: 'The request has invalid or missing fields. Not a subcomponent',
    });
  });

  it('gives a path below a field to that field, for any refusal that names fields (409: a name in use)', () => {
    const taken = new ApiError(409, { code: 'conflict', message: 'Taken', fields: [{ field: 'name', message: 'Taken' }] });
    expect(formFailure(taken, ['name'])).toEqual({ fields: [{ name: 'name', errors: ['Taken'] }], alert: null });
    expect(formFailure(refusal, ['sub_components']).fields).toEqual([{ name: 'sub_components', errors: ['Not a subcomponent'] }]);
  });

  it('names the fields the form does not show when asked', () => {
    expect(formFailure(refusal, ['name'], { prefix: 'equipment.', nameUnshown: true }).alert).toBe('The request has invalid or missing fields. sub_components.0: Not a subcomponent owner_id: Unknown');
  });

  it('gives other failures to the alert only', () => {
    expect(formFailure(new ApiError(403, { code: 'forbidden', message: 'No' }), ['name'])).toEqual({ fields: [], alert: 'No' });
    expect(formFailure(new Error('network'), ['name'])).toEqual({ fields: [], alert: 'network' });
  });
});
