import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ControllerSizeInput, NodeCategoryInput, NodeTypeInput } from '@syrx/contracts/purchasing';
import { v2Api } from '../../../lib/api-client';
import { catalogueKeys } from './catalogue';

export type CatalogueKind = 'sizes' | 'categories' | 'nodeTypes';
export type CatalogueInput = ControllerSizeInput | NodeCategoryInput | NodeTypeInput;

const paths: Record<CatalogueKind, string> = {
  sizes: '/syrx-controller-sizes',
  categories: '/syrx-controller-node-categories',
  nodeTypes: '/syrx-controller-node-types',
};

/** POST /api/v2/{kind} (a new item, `id` null) or PUT /api/v2/{kind}/{id}; the catalogue is read again afterwards. */
export function useSaveCatalogueItem(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CatalogueInput }) =>
      v2Api(id === null ? paths[kind] : `${paths[kind]}/${id}`, { method: id === null ? 'POST' : 'PUT', body, schema: z.unknown() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

/** DELETE /api/v2/{kind}/{id} (204). */
export function useDeleteCatalogueItem(kind: CatalogueKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2Api(`${paths[kind]}/${id}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
