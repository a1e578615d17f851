import { describe, expect, it } from 'vitest';
import { registrationMessages as m } from '@syrx/contracts/registration';
import { type RegistrationFormValues, checkRegistration, formFieldOf } from './registration-fields';

const filled: RegistrationFormValues = {
  email: 'ada@example.com',
  password: 's3cret-passphrase',
  passwordConfirmation: 's3cret-passphrase',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701-1234',
  jobTitle: 'Commissioning engineer',
  groupName: 'Acme Buildings',
};

describe('registration form to wire', () => {
  it('sends the wire names and leaves the confirmation out', () => {
    const check = checkRegistration(filled);
    expect(check).toEqual({
      ok: true,
      request: {
        email: 'ada@example.com',
        password: 's3cret-passphrase',
        first_name: 'Ada',
        last_name: 'Lovelace',
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701-1234',
        job_title: 'Commissioning engineer',
        group_name: 'Acme Buildings',
      },
    });
  });

  it('reports problems under the form field names with the first verbatim message', () => {
    const check = checkRegistration({ ...filled, email: 'ada', passwordConfirmation: 'other', zip: '123', jobTitle: ' ' });
    expect(check).toEqual({
      ok: false,
      errors: { email: m.email, passwordConfirmation: m.passwordMismatch, zip: m.zipMin, jobTitle: m.required },
    });
  });

  it('treats untouched fields as empty', () => {
    const check = checkRegistration({});
    expect(check.ok ? {} : check.errors).toMatchObject({ email: m.required, groupName: m.required, zip: m.required });
  });

  it('maps server field names back to the form', () => {
    expect(formFieldOf('group_name')).toBe('groupName');
    expect(formFieldOf('email')).toBe('email');
    expect(formFieldOf('nonsense')).toBeUndefined();
  });
});
