import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ControllerSizeInput, NodeCategoryInput, NodeTypeInput } from '@syrx/contracts/purchasing';
import { catalogueRoutes } from '@syrx/contracts/routes/purchasing';
import { callRoute } from '../../../lib/api-client';
import { catalogueKeys } from './catalogue';

export type CatalogueKind = 'sizes' | 'categories' | 'nodeTypes';
export type CatalogueInput = ControllerSizeInput | NodeCategoryInput | NodeTypeInput;

/** Creates (`id` null) or updates one item of a kind; the answer is not used (the catalogue is read again). */
const save: Record<CatalogueKind, (id: number | null, body: CatalogueInput) => Promise<unknown>> = {
  sizes: (id, body) => (id === null
    ? callRoute(catalogueRoutes.createSize, { body: body as ControllerSizeInput })
    : callRoute(catalogueRoutes.updateSize, { params: { id }, body: body as ControllerSizeInput })),
  categories: (id, body) => (id === null
    ? callRoute(catalogueRoutes.createCategory, { body })
    : callRoute(catalogueRoutes.updateCategory, { params: { id }, body })),
  nodeTypes: (id, body) => (id === null
    ? callRoute(catalogueRoutes.createNodeType, { body: body as NodeTypeInput })
    : callRoute(catalogueRoutes.updateNodeType, { params: { id }, body: body as NodeTypeInput })),
};

const removeRoute = { sizes: catalogueRoutes.removeSize, categories: catalogueRoutes.removeCategory, nodeTypes: catalogueRoutes.removeNodeType } as const;

/** POST /api/v2/{kind} (a new item, `id` null) or PUT /api/v2/{kind}/{id}; the catalogue is read again afterwards. */
export function useSaveCatalogueItem(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CatalogueInput }) => save[kind](id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

/** DELETE /api/v2/{kind}/{id} (204). */
export function useDeleteCatalogueItem(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(removeRoute[kind], { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
