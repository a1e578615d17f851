import { describe, expect, it } from 'vitest';
import { newPasswordSchema, passwordMessages as m, passwordRules } from './passwords.ts';
import { registrationFormSchema, registrationRequestSchema } from './registration.ts';

const firstMessage = (password: unknown) => {
  const r = newPasswordSchema.safeParse(password);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('the rule for a new password', () => {
  it.each([
    ['', m.required],
    ['a', m.tooShort],
    ['x'.repeat(passwordRules.minLength - 1), m.tooShort],
    ['x'.repeat(passwordRules.minLength), undefined],
    ['x'.repeat(passwordRules.maxLength), undefined],
    ['x'.repeat(passwordRules.maxLength + 1), m.tooLong],
  ])('%j → %s', (password, message) => {
    expect(firstMessage(password)).toBe(message);
  });

  it('says what to do', () => {
    expect(passwordRules.minLength).toBe(12);
    expect(m.tooShort).toBe('Use at least 12 characters');
    expect(m.tooCommon).toBe('This password is too common');
  });

  it('is the one registration uses, on the server and in the form', () => {
    const r = registrationRequestSchema.shape.password.safeParse('a');
    expect(r.success ? undefined : r.error.issues[0]?.message).toBe(m.tooShort);
    const form = registrationFormSchema.safeParse({ password: 'a', passwordConfirmation: 'a' });
    expect(form.success ? [] : form.error.issues.filter((i) => i.path[0] === 'password').map((i) => i.message)).toEqual([m.tooShort]);
  });
});
