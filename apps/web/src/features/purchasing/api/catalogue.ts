import { queryOptions, useQueries } from '@tanstack/react-query';
import {
  type ControllerSize, controllerSizeListSchema, type NodeCategory, nodeCategoryListSchema, type NodeType, nodeTypeListSchema,
} from '@syrx/contracts/purchasing';
import { v2Api } from '../../../lib/api-client';

export const catalogueKeys = {
  all: ['purchasing-catalogue'] as const,
  sizes: ['purchasing-catalogue', 'sizes'] as const,
  categories: ['purchasing-catalogue', 'categories'] as const,
  nodeTypes: ['purchasing-catalogue', 'node-types'] as const,
};

/** GET /api/v2/syrx-controller-sizes */
export const sizesQueryOptions = queryOptions({ queryKey: catalogueKeys.sizes, queryFn: () => v2Api('/syrx-controller-sizes', { schema: controllerSizeListSchema }) });
/** GET /api/v2/syrx-controller-node-categories */
export const categoriesQueryOptions = queryOptions({
  queryKey: catalogueKeys.categories, queryFn: () => v2Api('/syrx-controller-node-categories', { schema: nodeCategoryListSchema }),
});
/** GET /api/v2/syrx-controller-node-types */
export const nodeTypesQueryOptions = queryOptions({ queryKey: catalogueKeys.nodeTypes, queryFn: () => v2Api('/syrx-controller-node-types', { schema: nodeTypeListSchema }) });

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
