import { okSchema } from '../auth.ts';
import {
  totpDisableRequestSchema, totpEnableRequestSchema, totpEnableResponseSchema, totpSetupResponseSchema,
} from '../two-factor.ts';
import { route } from '../route.ts';

const tags = ['session'];

/** Two-factor sign-in (TOTP, RFC 6238) of the signed-in user; docs/decisions.md, "Two-factor sign-in and API tokens". */
export const twoFactorRoutes = {
  /** A new pending secret; 409 when two-factor sign-in is already on. */
  setup: route({ method: 'POST', path: '/api/v2/auth/totp/setup', tags, response: totpSetupResponseSchema }),
  /** Turns it on with a code of the pending secret; answers the ten recovery codes, shown once. */
  enable: route({ method: 'POST', path: '/api/v2/auth/totp/enable', tags, body: totpEnableRequestSchema, response: totpEnableResponseSchema }),
  /** Turns it off with the password and a current code (or a recovery code). */
  disable: route({ method: 'POST', path: '/api/v2/auth/totp/disable', tags, body: totpDisableRequestSchema, response: okSchema }),
};
