import { loginRequestSchema, okSchema, sessionUserSchema } from '../auth.ts';
import { route } from '../route.ts';

const tags = ['session'];

/**
 * Sign-in, the session check, refresh and sign-out on both API bases (they share one session; docs/security.md). The
 * server sets and clears the session cookies on these answers.
 */
export const authRoutes = {
  /** The session user; 403 when nobody is signed in (the server renews an expired access cookie here first). */
  session: route({ method: 'GET', path: '/api/Login', tags, response: sessionUserSchema }),
  signIn: route({ method: 'POST', path: '/api/Login', tags, body: loginRequestSchema, response: sessionUserSchema }),
  signInV2: route({ method: 'POST', path: '/api/v2/auth', tags, body: loginRequestSchema, response: sessionUserSchema }),
  /** Rotates the tokens from the refresh cookie; 401 when it is gone or spent. */
  refresh: route({ method: 'POST', path: '/api/v2/auth/refresh', tags, response: okSchema }),
  signOut: route({ method: 'DELETE', path: '/api/Login', tags, response: okSchema }),
  signOutV2: route({ method: 'DELETE', path: '/api/v2/auth', tags, response: okSchema }),
};
