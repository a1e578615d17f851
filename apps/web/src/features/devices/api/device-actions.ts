import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { BacnetDevice } from '@syrx/contracts/devices';
import type { PointUploadResult } from '@syrx/contracts/points';
import { devicesRoutes } from '@syrx/contracts/routes/devices';
import { callRoute } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';

/** POST …/reload-properties: the agent reads the device's properties; answers the device. */
export const reloadProperties = (controllerId: string, deviceId: number) =>
  callRoute(devicesRoutes.reloadProperties, { params: { id: controllerId, deviceId } });

/** POST …/reload-points: the agent reads the object list, the server stores it; answers what changed. */
export const reloadPoints = (controllerId: string, deviceId: number) =>
  callRoute(devicesRoutes.reloadPoints, { params: { id: controllerId, deviceId } });

/** PUT …/ignored */
export const setIgnored = (controllerId: string, deviceId: number, ignored: boolean) =>
  callRoute(devicesRoutes.setIgnored, { params: { id: controllerId, deviceId }, body: { ignored } });

export type DeviceAction = { kind: 'reload-device'; deviceId: number } | { kind: 'reload-points'; deviceId: number } | { kind: 'ignore' | 'unignore'; deviceId: number };

function runAction(controllerId: string, action: DeviceAction): Promise<BacnetDevice | PointUploadResult> {
  switch (action.kind) {
    case 'reload-device':
      return reloadProperties(controllerId, action.deviceId);
    case 'reload-points':
      return reloadPoints(controllerId, action.deviceId);
    case 'ignore':
    case 'unignore':
      return setIgnored(controllerId, action.deviceId, action.kind === 'ignore');
  }
}

export const deviceActionKey = (controllerId: string) => ['device-action', controllerId.toLowerCase()] as const;

/** The device actions running now (any screen), so each row can show its own spinner. */
export const useRunningDeviceActions = (controllerId: string): DeviceAction[] =>
  useMutationState({ filters: { mutationKey: deviceActionKey(controllerId), status: 'pending' }, select: (m) => m.state.variables as DeviceAction });

/**
 * A device action of the live view or the detail page. Whatever its outcome, the controller's devices and points
 * load again (a failed reload still marks the device unavailable).
 */
export function useDeviceAction(controllerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deviceActionKey(controllerId),
    mutationFn: (action: DeviceAction) => runAction(controllerId, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bacnetKeys.of(controllerId) }),
  });
}
