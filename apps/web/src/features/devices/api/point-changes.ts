import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pointChangeSchema } from '@syrx/contracts/points';
import { legacyApi } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';
import { devicePath } from './devices';

/** GET …/bacnet-devices/{deviceId}/point-changes: the device's recent appeared/disappeared/reappeared points. */
export const getPointChanges = (controllerId: string, deviceId: number) =>
  legacyApi(`${devicePath(controllerId, deviceId)}/point-changes`, { schema: z.array(pointChangeSchema) });

export const pointChangesQueryOptions = (controllerId: string, deviceId: number) =>
  queryOptions({ queryKey: [...bacnetKeys.device(controllerId, deviceId), 'point-changes'], queryFn: () => getPointChanges(controllerId, deviceId) });

export const usePointChanges = (controllerId: string, deviceId: number) => useQuery(pointChangesQueryOptions(controllerId, deviceId));
