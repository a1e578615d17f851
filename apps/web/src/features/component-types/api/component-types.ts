import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GenericPoint } from '@syrx/contracts/catalogues';
import type { ComponentTypeCreate, ComponentTypeUpdate, PointFields } from '@syrx/contracts/components';
import { genericPointRoutes } from '@syrx/contracts/routes/catalogues';
import { componentAdminRoutes as routes } from '@syrx/contracts/routes/components';
import { callRoute } from '../../../lib/api-client';

export const componentTypeKeys = {
  all: ['component-types'] as const,
  points: (typeId: number) => ['component-types', typeId, 'points'] as const,
};

/** GET /api/v2/component-types: every type, flat (parent_id), in sort order. */
export const useComponentTypes = () => useQuery({ queryKey: componentTypeKeys.all, queryFn: () => callRoute(routes.types) });

/** GET /api/v2/component-types/{id}/points; nothing is asked without a type. */
export const useTypePoints = (typeId: number | null) =>
  useQuery({ queryKey: componentTypeKeys.points(typeId ?? 0), queryFn: () => callRoute(routes.points, { params: { id: typeId ?? 0 } }), enabled: typeId !== null });

/** A type's add (POST, under a parent), edit (PUT), move and delete; the tree loads again after each. */
export function useTypeChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: componentTypeKeys.all });
  return {
    create: useMutation({ mutationFn: (body: ComponentTypeCreate) => callRoute(routes.createType, { body }), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: ComponentTypeUpdate }) => callRoute(routes.updateType, { params: { id }, body }), onSuccess }),
    move: useMutation({ mutationFn: ({ id, direction }: { id: number; direction: 'up' | 'down' }) => callRoute(routes.moveType, { params: { id }, body: { direction } }), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => callRoute(routes.removeType, { params: { id } }), onSuccess }),
  };
}

/** A type's point added (id null), edited or removed; its points and the tree's counts load again. */
export function usePointChanges(typeId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: componentTypeKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: number | null; body: PointFields }) =>
        id === null ? callRoute(routes.addPoint, { params: { id: typeId }, body }) : callRoute(routes.updatePoint, { params: { id }, body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => callRoute(routes.removePoint, { params: { id } }), onSuccess }),
  };
}

/** GET /api/v2/generic-points filtered by code: the first 20 generic points whose code contains the text. */
export async function findGenericPoints(text: string): Promise<GenericPoint[]> {
  const filter = text.trim() === '' ? undefined : [{ field: 'point_code', field_type: 'string', operator: 'contains', value: text.trim() }];
  return (await callRoute(genericPointRoutes.list, { query: { pageNum: 1, pageSize: 20, sort: 'point_code:asc', filter } })).items;
}
