import { queryOptions, useQueries } from '@tanstack/react-query';
import type { ControllerSize, NodeCategory, NodeType } from '@syrx/contracts/purchasing';
import { catalogueRoutes } from '@syrx/contracts/routes/purchasing';
import { callRoute } from '../../../lib/api-client';

export const catalogueKeys = {
  all: ['purchasing-catalogue'] as const,
  sizes: ['purchasing-catalogue', 'sizes'] as const,
  categories: ['purchasing-catalogue', 'categories'] as const,
  nodeTypes: ['purchasing-catalogue', 'node-types'] as const,
};

/** GET /api/v2/syrx-controller-sizes */
export const sizesQueryOptions = queryOptions({ queryKey: catalogueKeys.sizes, queryFn: () => callRoute(catalogueRoutes.sizes) });
/** GET /api/v2/syrx-controller-node-categories */
export const categoriesQueryOptions = queryOptions({
  queryKey: catalogueKeys.categories, queryFn: () => callRoute(catalogueRoutes.categories),
});
/** GET /api/v2/syrx-controller-node-types */
export const nodeTypesQueryOptions = queryOptions({ queryKey: catalogueKeys.nodeTypes, queryFn: () => callRoute(catalogueRoutes.nodeTypes) });

export interface Catalogue {
  sizes: ControllerSize[];
  categories: NodeCategory[];
  nodeTypes: NodeType[];
}

/** The three catalogue lists, loaded together: `data` once all have arrived, the first error otherwise. */
export function useCatalogue(): { data: Catalogue | undefined; error: Error | null; isPending: boolean } {
  return useQueries({
    queries: [sizesQueryOptions, categoriesQueryOptions, nodeTypesQueryOptions],
    combine: ([sizes, categories, nodeTypes]) => ({
      data: sizes.data && categories.data && nodeTypes.data ? { sizes: sizes.data, categories: categories.data, nodeTypes: nodeTypes.data } : undefined,
      error: sizes.error ?? categories.error ?? nodeTypes.error,
      isPending: sizes.isPending || categories.isPending || nodeTypes.isPending,
    }),
  });
}
