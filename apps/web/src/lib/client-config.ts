import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthRoutes } from '@syrx/contracts/routes/health';
import { callRoute } from './api-client';

/** GET /api/v2/client-config: where the legacy app lives ('' when it is not deployed). */
export const clientConfigQueryOptions = queryOptions({
  queryKey: ['client-config'],
  queryFn: () => callRoute(healthRoutes.clientConfig),
  staleTime: Infinity,
});

/** The legacy app's base URL; '' while loading, on error, or when unset (our own pages stand in). */
export function useLegacyAppUrl(): string {
  return useQuery(clientConfigQueryOptions).data?.legacy_app_url ?? '';
}
