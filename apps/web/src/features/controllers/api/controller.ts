import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { controllersRoutes } from '@syrx/contracts/routes/controllers';
import { callRoute } from '../../../lib/api-client';
import { controllerKeys } from './query-keys';

/** GET /api/SyrxControllers/{id} */
export const getController = (id: string) => callRoute(controllersRoutes.get, { params: { id } });

/** GET …/bacnet-connection-configuration: null while the controller has none. */
export const getBacnetConnection = (id: string) => callRoute(controllersRoutes.getConnection, { params: { id } });

/** GET …/bacnet-connection-bbmd-servers */
export const getBbmdServers = (id: string) => callRoute(controllersRoutes.bbmdServers, { params: { id } });

export const controllerQueryOptions = (id: string) =>
  queryOptions({ queryKey: controllerKeys.detail(id), queryFn: () => getController(id) });

export const bacnetConnectionQueryOptions = (id: string) =>
  queryOptions({ queryKey: controllerKeys.connection(id), queryFn: () => getBacnetConnection(id) });

export const bbmdServersQueryOptions = (id: string) =>
  queryOptions({ queryKey: controllerKeys.bbmdServers(id), queryFn: () => getBbmdServers(id) });

export const useController = (id: string) => useQuery(controllerQueryOptions(id));

/**
 * The controller with its BACnet connection and BBMD servers, as the detail page and the editor show them.
 * Nothing is asked while `enabled` is false (the editor of a new controller).
 */
export function useControllerConfiguration(id: string, enabled = true) {
  const controller = useQuery({ ...controllerQueryOptions(id), enabled });
  const connection = useQuery({ ...bacnetConnectionQueryOptions(id), enabled });
  const bbmdServers = useQuery({ ...bbmdServersQueryOptions(id), enabled });
  return { controller, connection, bbmdServers };
}

/**
 * DELETE /api/SyrxControllers/{id}; the lists load again. Call `forget` once the page has moved away, so
 * nothing asks for the deleted controller again.
 */
export function useDeleteController() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: string) => callRoute(controllersRoutes.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controllerKeys.lists() }),
  });
  const forget = (id: string) => queryClient.removeQueries({ queryKey: controllerKeys.detail(id) });
  return { ...mutation, forget };
}
