import { useMutation } from '@tanstack/react-query';
import type { RegistrationRequest } from '@syrx/contracts/registration';
import { usersRoutes } from '@syrx/contracts/routes/users';
import { callRoute } from '../../../lib/api-client';

/** POST /api/v2/users/register: creates the account and the organization; a validation e-mail follows. */
export function registerAccount(request: RegistrationRequest) {
  return callRoute(usersRoutes.register, { body: request });
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
