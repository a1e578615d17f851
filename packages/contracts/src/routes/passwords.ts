import { okSchema } from '../auth.ts';
import { changePasswordSchema, forgotPasswordResponseSchema, forgotPasswordSchema, resetPasswordSchema } from '../passwords.ts';
import { route } from '../route.ts';

const tags = ['session'];

/** Passwords (issue 21): forgotten, set through an e-mailed link (a reset or an invitation), and changed. */
export const passwordRoutes = {
  /** Public and rate limited: the same 202 and body whether or not the name has an account; mails a link (1 hour). */
  forgot: route({ method: 'POST', path: '/api/v2/auth/forgot-password', tags, body: forgotPasswordSchema, response: forgotPasswordResponseSchema, status: 202 }),
  /** Public and rate limited: sets the password of a reset or invitation link (single use); 400 for a used or expired one. */
  reset: route({ method: 'POST', path: '/api/v2/auth/reset-password', tags, body: resetPasswordSchema, response: okSchema }),
  /** The signed-in user's own password; their other sessions end. */
  change: route({ method: 'POST', path: '/api/v2/auth/password', tags, body: changePasswordSchema, response: okSchema }),
};
