import { queryOptions } from '@tanstack/react-query';
import { pointTreePageSize } from '@syrx/contracts/points';
import { devicesRoutes } from '@syrx/contracts/routes/devices';
import { pointsRoutes } from '@syrx/contracts/routes/points';
import { callRoute } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';
import { listPoints } from './points';

/** The most devices the tree lists (the server's largest page). */
const deviceLimit = 1000;

/** GET …/bacnet-devices: every device of the controller, whatever its status, by instance number. */
export const treeDevicesQueryOptions = (controllerId: string) =>
  queryOptions({
    queryKey: [...bacnetKeys.devices(controllerId), 'point-tree'],
    queryFn: () =>
      callRoute(devicesRoutes.list, {
        params: { id: controllerId },
        query: { showUnavailable: true, skip: 0, take: deviceLimit, sort: 'instance_number:asc' },
      }),
  });

/** GET /bacnet-devices/{deviceId}/bacnet-points/object-groups: the device's point counts by object type. */
export const objectGroupsQueryOptions = (controllerId: string, deviceId: number) =>
  queryOptions({
    queryKey: [...bacnetKeys.points(controllerId), deviceId, 'object-groups'],
    queryFn: () => callRoute(pointsRoutes.objectGroups, { params: { deviceId } }),
  });

/** One tree page (20) of a device's points of one object type, by instance number, from the filtered list. */
export const treePointsQueryOptions = (controllerId: string, deviceId: number, objectType: number, page: number) =>
  queryOptions({
    queryKey: [...bacnetKeys.points(controllerId), deviceId, 'tree', objectType, page],
    queryFn: () =>
      listPoints(
        { controllerId, deviceId },
        {
          showUnavailable: true,
          skip: page * pointTreePageSize,
          take: pointTreePageSize,
          sort: [{ field: 'instance_number', dir: 'asc' }],
          filters: [{ field: 'object_type', field_type: 'number', operator: 'eq', value: String(objectType) }],
        },
      ),
  });
