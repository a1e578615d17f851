import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpDisableRequest } from '@syrx/contracts/two-factor';
import { twoFactorRoutes } from '@syrx/contracts/routes/two-factor';
import { callRoute } from '../../../lib/api-client';
import { reloadSession } from '../../../lib/session';

/** POST /api/v2/auth/totp/setup: a new pending secret and its otpauth:// URL. */
export const useTotpSetup = () => useMutation({ mutationFn: () => callRoute(twoFactorRoutes.setup) });

/** POST /api/v2/auth/totp/enable: the recovery codes; the session (totp_enabled, a group's requirement) is read again. */
export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callRoute(twoFactorRoutes.enable, { body: { code } }),
    onSuccess: () => reloadSession(queryClient),
  });
}

/** POST /api/v2/auth/totp/disable with the password and a code. */
export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpDisableRequest) => callRoute(twoFactorRoutes.disable, { body }),
    onSuccess: () => reloadSession(queryClient),
  });
}
