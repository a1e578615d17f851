import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type Equipment, type EquipmentCreate, type EquipmentFields, equipmentSchema, type EquipmentTask, equipmentTaskListSchema, type EquipmentTasksInput, scheduleSchema,
} from '@syrx/contracts/equipment';
import { v2Api } from '../../../lib/api-client';

export const equipmentKeys = {
  all: ['equipment'] as const,
  one: (id: number) => ['equipment', 'one', id] as const,
  schedule: (projectId: number) => ['equipment', 'schedule', projectId] as const,
};

/** GET /api/v2/projects/{id}/schedule: the project's equipment. */
export const useSchedule = (projectId: number) =>
  useQuery({ queryKey: equipmentKeys.schedule(projectId), queryFn: () => v2Api(`/projects/${projectId}/schedule`, { schema: scheduleSchema }) });

/** GET /api/v2/equipments/{id}; nothing is asked without an id. */
export const useEquipment = (id: number | null) =>
  useQuery({ queryKey: equipmentKeys.one(id ?? 0), queryFn: () => v2Api(`/equipments/${id}`, { schema: equipmentSchema }), enabled: id !== null });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
}

/** POST /api/v2/equipments: answers the new equipment with its points. */
export function useCreateEquipment() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: EquipmentCreate): Promise<Equipment> => v2Api('/equipments', { method: 'POST', body, schema: equipmentSchema }), onSuccess: invalidate });
}

/** PUT /api/v2/equipments/{id} with the Equipment Information fields. */
export function useUpdateEquipment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, equipment }: { id: number; equipment: EquipmentFields }): Promise<Equipment> =>
      v2Api(`/equipments/${id}`, { method: 'PUT', body: { equipment }, schema: equipmentSchema }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/v2/equipments/{id} (204). */
export function useDeleteEquipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2Api(`/equipments/${id}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: equipmentKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
    },
  });
}

/** POST /api/v2/projects/{id}/equipment-tasks: the point choices of one equipment. */
export const useSaveEquipmentTasks = (projectId: number) =>
  useMutation({
    mutationFn: (body: EquipmentTasksInput): Promise<EquipmentTask[]> =>
      v2Api(`/projects/${projectId}/equipment-tasks`, { method: 'POST', body, schema: equipmentTaskListSchema }),
  });
