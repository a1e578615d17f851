import { describe, expect, it } from 'vitest';
import { passwordMessages } from '@syrx/contracts/passwords';
import { AppError } from '@syrx/contracts/errors';
import { assertAcceptableNewPassword, newPasswordProblem } from './password-policy.ts';

describe('the server-side password rule', () => {
  it.each(['password1234', 'Password1234', 'iloveyou1234', 'qwertyuiopas', '123456789012', 'aaaaaaaaaaaaaaaa', 'abc123abc123', 'letmein12345'])(
    'refuses %j as too common',
    (password) => {
      expect(newPasswordProblem(password)).toBe(passwordMessages.tooCommon);
    },
  );

  it.each(['correct horse battery', 'a long passphrase', 'trombone-lantern-42', 'Tr0ub4dor&3xx'])('accepts %j', (password) => {
    expect(newPasswordProblem(password)).toBeNull();
  });

  it('checks the length first, with the shared message', () => {
    expect(newPasswordProblem('a')).toBe(passwordMessages.tooShort);
    expect(newPasswordProblem('')).toBe(passwordMessages.required);
  });

  it('answers a refused password with 400 naming the field', () => {
    const refused = (() => {
      try {
        assertAcceptableNewPassword('password1234', 'new_password');
        return null;
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(400);
    expect((refused as AppError).toBody()).toMatchObject({ code: 'validation_failed', fields: [{ field: 'new_password', message: passwordMessages.tooCommon }] });
  });

  it('judges the longest password allowed (zxcvbn is bounded by maxLength, so a long one cannot stall a request)', () => {
    expect(newPasswordProblem('ab1!'.repeat(50))).toBe(passwordMessages.tooCommon);
    expect(newPasswordProblem(Array.from({ length: 200 }, (_, i) => String.fromCharCode(33 + ((i * 37) % 90))).join(''))).toBeNull();
  });
});
