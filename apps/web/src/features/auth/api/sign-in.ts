import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, SessionUser } from '@syrx/contracts/auth';
import { authRoutes } from '@syrx/contracts/routes/auth';
import { callRoute } from '../../../lib/api-client';
import { setSessionUser } from '../../../lib/session';

/** POST /api/Login: signs in (completing e-mail validation when a token is given) and returns the session user. */
export function signIn(request: LoginRequest): Promise<SessionUser> {
  return callRoute(authRoutes.signIn, { body: request });
}

/** Signs in and makes the answer the session, which lets the sign-in guard move on. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
