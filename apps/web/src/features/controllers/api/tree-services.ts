import { useQueries } from '@tanstack/react-query';
import type { EnabledService } from '@syrx/contracts/controllers';
import { enabledServicesQueryOptions } from './enabled-services';
import { loadedById } from './tree-loaded';

/** The enabled services of the controllers whose Services node is open in the tree, by controller id. */
export function useTreeEnabledServices(ids: readonly string[]): ReadonlyMap<string, readonly EnabledService[]> {
  return useQueries({
    queries: ids.map((id) => enabledServicesQueryOptions(id)),
    combine: loadedById<readonly EnabledService[]>(ids),
  });
}
