import { z } from 'zod';

/** How many single-use recovery codes enabling two-factor sign-in hands out. */
export const recoveryCodeCount = 10;

/** Messages the server answers and the web shows. */
export const twoFactorMessages = {
  required: 'Enter the code from your authenticator app.',
  invalid: 'The code is not valid. Enter the current code from your authenticator app, or an unused recovery code.',
  setupRequired: 'Your organization requires two-factor sign-in. Set it up before you continue.',
  notPending: 'Start the setup first: the code must come from the secret the setup showed.',
  alreadyOn: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
  notOn: 'Two-factor sign-in is not on.',
  wrongPassword: 'The password is not correct.',
  browserOnly: 'Two-factor sign-in and API tokens are managed from a signed-in browser, not with an API token.',
} as const;

/** A 6-digit code from an authenticator app, or a recovery code (letters, digits and dashes). */
export const totpCodeSchema = z.string().trim().min(1, 'Required').max(64);

/** POST /api/v2/auth/totp/setup: a new pending secret (base32) and its otpauth:// URL, for the QR code. */
export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpEnableRequestSchema = z.object({ code: totpCodeSchema });
export type TotpEnableRequest = z.infer<typeof totpEnableRequestSchema>;

/** The recovery codes, shown this once (the server keeps only their hashes). */
export const totpEnableResponseSchema = z.object({ recovery_codes: z.array(z.string()) });
export type TotpEnableResponse = z.infer<typeof totpEnableResponseSchema>;

export const totpDisableRequestSchema = z.object({ password: z.string().min(1, 'Required').max(1000), code: totpCodeSchema });
export type TotpDisableRequest = z.infer<typeof totpDisableRequestSchema>;
