import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { controllersRoutes } from '@syrx/contracts/routes/controllers';
import { serviceVersionsRoutes } from '@syrx/contracts/routes/service-versions';
import { defaultAssignedRange } from '@syrx/contracts/semver-range';
import { canonicalServiceId, serviceIds } from '@syrx/contracts/services';
import { callRoute } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';

const servicesKey = (controllerId: string) => [...bacnetKeys.of(controllerId), 'enabled-services'] as const;
const isReporting = (serviceId: string) => canonicalServiceId(serviceId) === serviceIds.reporting;

/** Whether the controller runs the reporting service (undefined while asking, or when it cannot be told). */
export function useReportingEnabled(controllerId: string): boolean | undefined {
  const services = useQuery({
    queryKey: servicesKey(controllerId),
    queryFn: () => callRoute(controllersRoutes.enabledServices, { params: { id: controllerId } }),
  });
  return services.data?.some((s) => isReporting(s.service_id));
}

/**
 * Enables the reporting service at the current major's range, keeping the controller's other services as they are
 * (the enabled-services list is replaced as a whole); every screen that shows the list asks again.
 */
export function useEnableReporting(controllerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const services = await callRoute(controllersRoutes.enabledServices, { params: { id: controllerId } });
      if (services.some((s) => isReporting(s.service_id))) return services;
      const types = await callRoute(serviceVersionsRoutes.serviceTypes);
      const published = types.find((t) => isReporting(t.id))?.syrx_controller_service_versions.map((v) => v.version_name) ?? [];
      const body = [...services.map(({ service_id, assigned_version }) => ({ service_id, assigned_version })), { service_id: serviceIds.reporting, assigned_version: defaultAssignedRange(published) }];
      return callRoute(controllersRoutes.putEnabledServices, { params: { id: controllerId }, body });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
}
