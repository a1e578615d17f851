import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenCreate } from '@syrx/contracts/api-tokens';
import { apiTokensRoutes } from '@syrx/contracts/routes/api-tokens';
import { callRoute } from '../../../lib/api-client';

const apiTokensKey = ['api-tokens'] as const;

/** GET /api/v2/users/me/tokens: the signed-in user's tokens, without their secrets. */
export const useApiTokens = () => useQuery({ queryKey: apiTokensKey, queryFn: () => callRoute(apiTokensRoutes.list) });

/** POST /api/v2/users/me/tokens: the new token with its secret, which this answer alone carries. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) => callRoute(apiTokensRoutes.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

/** DELETE /api/v2/users/me/tokens/{id} (204). */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(apiTokensRoutes.revoke, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
