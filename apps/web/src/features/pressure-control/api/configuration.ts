import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PressureConfiguration, pressureConfigurationPatchSchema } from '@syrx/contracts/pressure-control';
import { pressureControlRoutes } from '@syrx/contracts/routes/pressure-control';
import { serviceIds } from '@syrx/contracts/services';
import { callRoute } from '../../../lib/api-client';

/** The path parameters of the pressure control service of a controller (spec 01 section 7). */
export const pressureService = (controllerId: string) => ({ id: controllerId, serviceId: serviceIds.pressure });

/**
 * Query keys of the pressure control service: everything of a controller starts with `of(id)`, so a change made in
 * one form refreshes the status panel and the other forms.
 */
export const pressureKeys = {
  of: (controllerId: string) => ['pressure-control', controllerId.toLowerCase()] as const,
  configuration: (controllerId: string) => [...pressureKeys.of(controllerId), 'configuration'] as const,
  transmitters: (controllerId: string) => [...pressureKeys.of(controllerId), 'transmitters'] as const,
  transmitter: (controllerId: string, transmitterId: number) => [...pressureKeys.transmitters(controllerId), transmitterId] as const,
};

/** The status panel asks again every 15 s: the agent's loop reports every interval (60 s by default, 5 s at least). */
export const statusRefreshMs = 15_000;

export type ConfigurationPatch = z.input<typeof pressureConfigurationPatchSchema>;

/** GET …/configuration: the configuration and its last values (defaults with `saved: false` before the first save). */
export const configurationQueryOptions = (controllerId: string) =>
  queryOptions({
    queryKey: pressureKeys.configuration(controllerId),
    queryFn: () => callRoute(pressureControlRoutes.configuration, { params: pressureService(controllerId) }),
  });

/** The configuration; with `refreshMs` asked again at that interval (the status panel). */
export const useConfiguration = (controllerId: string, refreshMs?: number) =>
  useQuery({ ...configurationQueryOptions(controllerId), refetchInterval: refreshMs ?? false });

/** PATCH …/configuration: the fields sent are changed; the answer becomes the cached configuration. */
export function useUpdateConfiguration(controllerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ConfigurationPatch) => callRoute(pressureControlRoutes.patchConfiguration, { params: pressureService(controllerId), body: patch }),
    onSuccess: async (saved: PressureConfiguration) => {
      queryClient.setQueryData(pressureKeys.configuration(controllerId), saved);
      await queryClient.invalidateQueries({ queryKey: pressureKeys.of(controllerId), refetchType: 'none' });
    },
  });
}
