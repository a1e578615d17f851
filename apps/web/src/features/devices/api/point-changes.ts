import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointsRoutes } from '@syrx/contracts/routes/points';
import { callRoute } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';

/** GET …/bacnet-devices/{deviceId}/point-changes: the device's recent appeared/disappeared/reappeared points. */
export const getPointChanges = (controllerId: string, deviceId: number) =>
  callRoute(pointsRoutes.changes, { params: { id: controllerId, deviceId } });

export const pointChangesQueryOptions = (controllerId: string, deviceId: number) =>
  queryOptions({ queryKey: [...bacnetKeys.device(controllerId, deviceId), 'point-changes'], queryFn: () => getPointChanges(controllerId, deviceId) });

export const usePointChanges = (controllerId: string, deviceId: number) => useQuery(pointChangesQueryOptions(controllerId, deviceId));
