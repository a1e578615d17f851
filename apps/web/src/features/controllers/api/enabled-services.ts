import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type EnabledService, enabledServiceSchema } from '@syrx/contracts/controllers';
import { serviceTypeSchema } from '@syrx/contracts/services';
import { legacyApi, v2Api } from '../../../lib/api-client';
import { controllerPath } from './controller';
import { controllerKeys } from './query-keys';

/** GET …/enabled-services */
export const getEnabledServices = (id: string) =>
  legacyApi(`${controllerPath(id)}/enabled-services`, { schema: z.array(enabledServiceSchema) });

/** GET …/enabled-services/{serviceId}: 404 when the service is not enabled (older ids are accepted). */
export const getEnabledService = (id: string, serviceId: string) =>
  legacyApi(`${controllerPath(id)}/enabled-services/${encodeURIComponent(serviceId)}`, { schema: enabledServiceSchema });

/** GET /api/v2/syrx-controller-service-types */
export const getServiceTypes = () => v2Api('/syrx-controller-service-types', { schema: z.array(serviceTypeSchema) });

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
      legacyApi(`${controllerPath(id)}/enabled-services`, { method: 'PUT', body: items, schema: z.array(enabledServiceSchema) }),
    onSuccess: async (list: EnabledService[]) => {
      queryClient.setQueryData(controllerKeys.enabledServices(id), list);
      await queryClient.invalidateQueries({ queryKey: controllerKeys.enabledServices(id), refetchType: 'none' });
    },
  });
}
