import { describe, expect, it } from 'vitest';
import { registrationFormSchema, registrationMessages as m, zipSchema } from './registration.ts';

const valid = {
  email: 'a@b.co', password: 'a long passphrase', passwordConfirmation: 'a long passphrase', first_name: 'A', last_name: 'B', address: '1 St',
  city: 'C', state: 'S', zip: '12345', job_title: 'J', group_name: 'G',
};

function firstMessage(result: ReturnType<typeof zipSchema.safeParse>): string | undefined {
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('registration rules', () => {
  it.each([
    ['12345', undefined],
    ['12345-6789', undefined],
    ['', m.required],
    ['1234', m.zipMin],
    ['12345-67890', m.zipMax],
    ['abcde', m.zipPattern],
    ['123456', m.zipPattern],
    ['12345 6789', m.zipPattern],
  ])('zip %j → %s', (zip, message) => {
    expect(firstMessage(zipSchema.safeParse(zip))).toBe(message);
  });

  it('accepts a complete form', () => {
    expect(registrationFormSchema.safeParse(valid).success).toBe(true);
  });

  it('rejects a bad e-mail and a mismatched confirmation with the verbatim messages', () => {
    const r = registrationFormSchema.safeParse({ ...valid, email: 'nope', passwordConfirmation: 'other' });
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toContain(m.email);
  });

  it('says "Invalid email and/or password" when the confirmation differs', () => {
    const r = registrationFormSchema.safeParse({ ...valid, passwordConfirmation: 'other' });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['passwordConfirmation', m.passwordMismatch]]);
  });

  it('requires every field', () => {
    const r = registrationFormSchema.safeParse({});
    const fields = r.success ? [] : r.error.issues.map((i) => i.path[0]);
    expect(new Set(fields)).toEqual(new Set(Object.keys(valid)));
  });
});
