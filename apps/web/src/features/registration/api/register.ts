import { useMutation } from '@tanstack/react-query';
import { type RegistrationRequest, registrationResponseSchema } from '@syrx/contracts/registration';
import { v2Api } from '../../../lib/api-client';

/** POST /api/v2/users/register: creates the account and the organization; a validation e-mail follows. */
export function registerAccount(request: RegistrationRequest) {
  return v2Api('/users/register', { method: 'POST', body: request, schema: registrationResponseSchema });
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
