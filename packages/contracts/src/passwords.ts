import { z } from 'zod';

/**
 * The rule for a password someone sets (registration today; setting, resetting and changing a password later): one
 * place, used by the server's validation and the forms. Signing in checks no rule: passwords set before it still work.
 * The server also refuses the most common passwords (apps/server/src/lib/password-policy.ts; not here, so the web bundle
 * does not carry the dictionary).
 */
export const passwordRules = { minLength: 12, maxLength: 200 } as const;

export const passwordMessages = {
  required: 'Required',
  tooShort: `Use at least ${passwordRules.minLength} characters`,
  tooLong: `Use at most ${passwordRules.maxLength} characters`,
  tooCommon: 'This password is too common',
} as const;

/** A new password: required, at least 12 and at most 200 characters (as typed: not trimmed). */
export const newPasswordSchema = z
  .string()
  .min(1, passwordMessages.required)
  .min(passwordRules.minLength, passwordMessages.tooShort)
  .max(passwordRules.maxLength, passwordMessages.tooLong);
