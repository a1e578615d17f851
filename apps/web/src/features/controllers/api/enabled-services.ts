import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnabledService } from '@syrx/contracts/controllers';
import { controllersRoutes } from '@syrx/contracts/routes/controllers';
import { serviceVersionsRoutes } from '@syrx/contracts/routes/service-versions';
import { callRoute } from '../../../lib/api-client';
import { controllerKeys } from './query-keys';

/** GET …/enabled-services */
export const getEnabledServices = (id: string) => callRoute(controllersRoutes.enabledServices, { params: { id } });

/** GET …/enabled-services/{serviceId}: 404 when the service is not enabled (older ids are accepted). */
export const getEnabledService = (id: string, serviceId: string) => callRoute(controllersRoutes.enabledService, { params: { id, serviceId } });

/** GET /api/v2/syrx-controller-service-types (with their versions). */
export const getServiceTypes = () => callRoute(serviceVersionsRoutes.serviceTypes);

export const enabledServicesQueryOptions = (id: string) =>
  queryOptions({ queryKey: controllerKeys.enabledServices(id), queryFn: () => getEnabledServices(id) });

export const enabledServiceQueryOptions = (id: string, serviceId: string) =>
  queryOptions({ queryKey: controllerKeys.enabledService(id, serviceId), queryFn: () => getEnabledService(id, serviceId) });

export const serviceTypesQueryOptions = queryOptions({
  queryKey: controllerKeys.serviceTypes(),
  queryFn: getServiceTypes,
  staleTime: 5 * 60_000,
});

/** The controller's enabled services; with `refreshMs` asked again at that interval (reported versions and rollouts). */
export const useEnabledServices = (id: string, refreshMs?: number) => useQuery({ ...enabledServicesQueryOptions(id), refetchInterval: refreshMs ?? false });
/** One enabled service; with `refreshMs` asked again at that interval (its last contact and diagnostics). */
export const useEnabledService = (id: string, serviceId: string, refreshMs?: number) =>
  useQuery({ ...enabledServiceQueryOptions(id, serviceId), refetchInterval: refreshMs ?? false });
export const useServiceTypes = () => useQuery(serviceTypesQueryOptions);

export interface EnabledServiceInput {
  service_id: string;
  assigned_version: string;
}

/** PUT …/enabled-services: replaces the list; the answer (normalised ranges) becomes the cached list. */
export function useReplaceEnabledServices(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: EnabledServiceInput[]) =>
      callRoute(controllersRoutes.putEnabledServices, { params: { id }, body: items }),
    onSuccess: async (list: EnabledService[]) => {
      queryClient.setQueryData(controllerKeys.enabledServices(id), list);
      await queryClient.invalidateQueries({ queryKey: controllerKeys.enabledServices(id), refetchType: 'none' });
    },
  });
}
