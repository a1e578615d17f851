import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Equipment, EquipmentCreate, EquipmentFields, EquipmentTask, EquipmentTasksInput } from '@syrx/contracts/equipment';
import { equipmentRoutes } from '@syrx/contracts/routes/equipment';
import { projectsRoutes } from '@syrx/contracts/routes/projects';
import { callRoute } from '../../../lib/api-client';
import { useDeleteById } from '../../../lib/delete-by-id';

export const equipmentKeys = {
  all: ['equipment'] as const,
  one: (id: number) => ['equipment', 'one', id] as const,
  schedule: (projectId: number) => ['equipment', 'schedule', projectId] as const,
};

/** GET /api/v2/projects/{id}/schedule: the project's equipment. */
export const useSchedule = (projectId: number) =>
  useQuery({ queryKey: equipmentKeys.schedule(projectId), queryFn: () => callRoute(projectsRoutes.schedule, { params: { id: projectId } }) });

/** GET /api/v2/equipments/{id}; nothing is asked without an id. */
export const useEquipment = (id: number | null) =>
  useQuery({ queryKey: equipmentKeys.one(id ?? 0), queryFn: () => callRoute(equipmentRoutes.get, { params: { id: id ?? 0 } }), enabled: id !== null });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
}

/** POST /api/v2/equipments: answers the new equipment with its points. */
export function useCreateEquipment() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: EquipmentCreate): Promise<Equipment> => callRoute(equipmentRoutes.create, { body }), onSuccess: invalidate });
}

/** PUT /api/v2/equipments/{id} with the Equipment Information fields. */
export function useUpdateEquipment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, equipment }: { id: number; equipment: EquipmentFields }): Promise<Equipment> =>
      callRoute(equipmentRoutes.update, { params: { id }, body: { equipment } }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/v2/equipments/{id} (204). */
export const useDeleteEquipment = () => useDeleteById((id) => callRoute(equipmentRoutes.remove, { params: { id } }), equipmentKeys);

/** POST /api/v2/projects/{id}/equipment-tasks: the point choices of one equipment. */
export const useSaveEquipmentTasks = (projectId: number) =>
  useMutation({
    mutationFn: (body: EquipmentTasksInput): Promise<EquipmentTask[]> =>
      callRoute(projectsRoutes.saveEquipmentTasks, { params: { id: projectId }, body }),
  });
