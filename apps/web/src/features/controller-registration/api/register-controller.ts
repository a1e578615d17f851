import { useMutation, useQueryClient } from '@tanstack/react-query';
import { controllersRoutes } from '@syrx/contracts/routes/controllers';
import { callRoute } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export interface ControllerRegistration {
  syrx_controller_id: string;
  password: string;
}

/** PATCH /api/BacnetControllers/{id}/register: claims a provisioned controller into the user's current group. */
export function registerController(registration: ControllerRegistration) {
  return callRoute(controllersRoutes.register, { params: { id: registration.syrx_controller_id }, body: registration });
}

/** Registers; every list that may now hold the controller loads again. */
export function useRegisterController() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerController,
    onSuccess: () => queryClient.invalidateQueries({ predicate: ({ queryKey: [key] }) => key !== sessionQueryKey[0] }),
  });
}
