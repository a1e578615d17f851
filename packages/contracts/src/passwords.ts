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

/** The messages of the password links and of changing one's password (issue 21). */
export const passwordLinkMessages = {
  /** The same answer to every forgot-password request, whether or not the name has an account. */
  resetRequested: 'If an account with an e-mail address exists for this name, we have sent a link to choose a new password. It is valid for one hour.',
  unknownLink: 'This link is not valid. Check that you copied the whole link from the e-mail.',
  usedLink: 'This link has already been used. Ask for a new one if you still need to choose a password.',
  expiredLink: 'This link has expired. Ask for a new one.',
  wrongCurrentPassword: 'The current password is not correct',
  passwordSet: 'Your password has been set. Sign in with it.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  mismatch: 'The passwords do not match',
} as const;

/** How long the links stay valid: an invitation 7 days, a reset 1 hour. */
export const passwordLinkLifetimes = { invitationDays: 7, resetHours: 1 } as const;

/** POST /api/v2/auth/forgot-password: a username or e-mail address. */
export const forgotPasswordSchema = z.object({ username: z.string().trim().min(1, passwordMessages.required).max(254) });
export const forgotPasswordResponseSchema = z.object({ message: z.string() });

/** POST /api/v2/auth/reset-password: the token of a reset or invitation link and the password to set. */
export const resetPasswordSchema = z.object({ token: z.string().min(1, passwordMessages.required).max(200), new_password: newPasswordSchema });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** POST /api/v2/auth/password: the signed-in user's password, changed. */
export const changePasswordSchema = z.object({ current_password: z.string().min(1, passwordMessages.required).max(1000), new_password: newPasswordSchema });
export type ChangePassword = z.infer<typeof changePasswordSchema>;
