import { queryOptions, useQueries } from '@tanstack/react-query';
import type { BacnetDevice } from '@syrx/contracts/devices';
import { devicesRoutes } from '@syrx/contracts/routes/devices';
import { callRoute } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';
import { loadedById } from './tree-loaded';

/** The most devices the tree lists under a controller (the server's largest page). */
const treeDeviceLimit = 1000;

/** GET …/bacnet-devices: every device of the controller for the tree, by instance number. */
export const treeDevicesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...bacnetKeys.devices(id), 'tree'],
    queryFn: () =>
      callRoute(devicesRoutes.list, { params: { id }, query: { showUnavailable: true, skip: 0, take: treeDeviceLimit, sort: 'instance_number:asc' } }),
  });

/** The devices of the controllers whose Devices node is open in the tree, by controller id. */
export function useTreeDevices(ids: readonly string[]): ReadonlyMap<string, readonly BacnetDevice[]> {
  return useQueries({
    queries: ids.map((id) => treeDevicesQueryOptions(id)),
    combine: loadedById<readonly BacnetDevice[]>(ids),
  });
}
