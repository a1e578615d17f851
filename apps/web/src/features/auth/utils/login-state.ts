import { ApiError } from '../../../lib/api-client';

export const unknownLoginError = 'An unknown error has occurred; please contact the system administrator.';

export type LoginState =
  | { kind: 'idle' }
  | { kind: 'attempting' }
  | { kind: 'successful' }
  /** The password was right; the account has two-factor sign-in and the server asks for a code (the second step). */
  | { kind: 'code_required' }
  /** The server refused the credentials (401) or the attempt (429); its message is shown. */
  | { kind: 'invalid'; message: string }
  | { kind: 'unknown_error'; message: string };

interface MutationLike {
  status: 'idle' | 'pending' | 'success' | 'error';
  error: unknown;
}

/** The login states of the specification, from the sign-in call's state. */
export function loginState({ status, error }: MutationLike): LoginState {
  switch (status) {
    case 'idle':
      return { kind: 'idle' };
    case 'pending':
      return { kind: 'attempting' };
    case 'success':
      return { kind: 'successful' };
    case 'error':
      if (error instanceof ApiError && error.body.code === 'totp_required') return { kind: 'code_required' };
      if (error instanceof ApiError && (error.status === 401 || error.status === 429)) {
        return { kind: 'invalid', message: error.body.message };
      }
      return { kind: 'unknown_error', message: unknownLoginError };
  }
}
