import { useMutation } from '@tanstack/react-query';
import type { ChangePassword, ResetPassword } from '@syrx/contracts/passwords';
import { passwordRoutes } from '@syrx/contracts/routes/passwords';
import { callRoute } from '../../../lib/api-client';

/** POST /api/v2/auth/forgot-password: the same answer whether or not the name has an account. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (username: string) => callRoute(passwordRoutes.forgot, { body: { username } }) });
}

/** POST /api/v2/auth/reset-password: the password of a reset or invitation link. */
export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPassword) => callRoute(passwordRoutes.reset, { body }) });
}

/** POST /api/v2/auth/password: the signed-in user's own password. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePassword) => callRoute(passwordRoutes.change, { body }) });
}
