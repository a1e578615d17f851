import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientConfigSchema } from '@syrx/contracts/client-config';
import { v2Api } from './api-client';

/** GET /api/v2/client-config: where the legacy app lives ('' when it is not deployed). */
export const clientConfigQueryOptions = queryOptions({
  queryKey: ['client-config'],
  queryFn: () => v2Api('/client-config', { schema: clientConfigSchema }),
  staleTime: Infinity,
});

/** The legacy app's base URL; '' while loading, on error, or when unset (our own pages stand in). */
export function useLegacyAppUrl(): string {
  return useQuery(clientConfigQueryOptions).data?.legacy_app_url ?? '';
}
