import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serviceVersionsRoutes as routes } from '@syrx/contracts/routes/service-versions';
import type { ServiceVersionInput, ServiceVersionUpdate } from '@syrx/contracts/service-versions';
import { callRoute } from '../../../lib/api-client';

export const serviceVersionKeys = {
  all: ['service-versions'] as const,
  types: () => [...serviceVersionKeys.all, 'types'] as const,
  artifacts: (serviceId: string) => [...serviceVersionKeys.all, 'artifacts', serviceId] as const,
  version: (serviceId: string, versionName: string) => [...serviceVersionKeys.all, 'version', serviceId, versionName] as const,
};

/** GET /api/v2/syrx-controller-service-types: every service type with its versions, highest first. */
export const getServiceTypes = () => callRoute(routes.serviceTypes);
/** GET …/{id}/artifacts: newest first. */
export const getArtifacts = (serviceId: string) => callRoute(routes.artifacts, { params: { id: serviceId } });
/** GET …/{id}/versions/{version} */
export const getServiceVersion = (serviceId: string, versionName: string) => callRoute(routes.version, { params: { id: serviceId, version: versionName } });

export const serviceTypesQueryOptions = queryOptions({ queryKey: serviceVersionKeys.types(), queryFn: getServiceTypes });
export const artifactsQueryOptions = (serviceId: string) => queryOptions({ queryKey: serviceVersionKeys.artifacts(serviceId), queryFn: () => getArtifacts(serviceId) });

export const useServiceTypes = () => useQuery(serviceTypesQueryOptions);
/** The artifacts of a service; nothing is asked while `serviceId` is empty or `enabled` is false. */
export const useArtifacts = (serviceId: string | undefined, enabled = true) =>
  useQuery({ ...artifactsQueryOptions(serviceId ?? ''), enabled: enabled && !!serviceId });
/** One version; a 404 is not retried (the screen says it is not found). */
export const useServiceVersion = (serviceId: string, versionName: string) =>
  useQuery({ queryKey: serviceVersionKeys.version(serviceId, versionName), queryFn: () => getServiceVersion(serviceId, versionName), retry: false });

/** After any change the lists (and versions) are asked again. */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: serviceVersionKeys.all });
}

/** POST …/{id}/versions */
export function useCreateVersion() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (input: ServiceVersionInput & { service_id: string }) =>
      callRoute(routes.createVersion, { params: { id: input.service_id }, body: input }),
    onSuccess: invalidate,
  });
}

/** PUT …/{id}/versions/{version}: the artifact and the lock. */
export function useUpdateVersion(serviceId: string, versionName: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (change: ServiceVersionUpdate) => callRoute(routes.updateVersion, { params: { id: serviceId, version: versionName }, body: change }),
    // Not awaited: the editor leaves for the list in its own onSuccess, which waits for this one. Awaiting the refetch
    // of the version just locked let the screen swap the editor for the "Version locked" dialog first; the unmounted
    // editor's callback then never ran, and the user stayed on the dialog instead of the list.
    onSuccess: () => {
      void invalidate();
    },
  });
}

/** DELETE …/{id}/versions/{version} */
export function useDeleteVersion(serviceId: string, versionName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(routes.removeVersion, { params: { id: serviceId, version: versionName } }),
    // Not the deleted version's own query: the screen showing it is about to leave, and asking again would only 404.
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: serviceVersionKeys.types() }),
      queryClient.invalidateQueries({ queryKey: serviceVersionKeys.artifacts(serviceId) }),
    ]),
  });
}

export interface ArtifactUpload {
  serviceId: string;
  file: Blob & { name: string };
  gitRevision: string;
}

/** POST …/{id}/artifacts?git_revision=&file_name= with the package as application/octet-stream. */
export function usePublishArtifact() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ serviceId, file, gitRevision }: ArtifactUpload) =>
      callRoute(routes.publishArtifact, {
        params: { id: serviceId },
        body: file,
        query: { git_revision: gitRevision.trim() || undefined, file_name: file.name.slice(0, 255) || undefined },
      }),
    onSuccess: invalidate,
  });
}
