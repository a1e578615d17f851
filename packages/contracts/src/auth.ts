import { z } from 'zod';
import { userIdentityShape } from './fields.ts';
import { groupRefSchema } from './groups.ts';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Required'),
  password: z.string().min(1, 'Required'),
  /** E-mail validation token from /login/{token}; signing in with it completes validation. */
  token: z.string().nullish(),
  /** With two-factor sign-in on: the authenticator's 6-digit code, or one of the recovery codes (once). */
  totp_code: z.string().trim().max(64).nullish(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The session user (GET /api/Login, POST /api/Login, POST /api/v2/auth). */
export const sessionUserSchema = z.object({
  ...userIdentityShape,
  permissions: z.array(z.string()),
  commissioning_group: groupRefSchema.nullable(),
  /** Two-factor sign-in is on for this user. */
  totp_enabled: z.boolean().optional(),
  /**
   * A group of the user requires two-factor sign-in and it is not set up: the session is limited to its setup (every
   * other route answers 403 totp_setup_required) until it is.
   */
  totp_setup_required: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** Names of the cookies and header of the session protocol. */
export const sessionCookies = {
  access: 'syrx_session',
  refresh: 'syrx_refresh',
  csrf: 'XSRF-TOKEN',
  csrfHeader: 'x-xsrf-token',
} as const;
