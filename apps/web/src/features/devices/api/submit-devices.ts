import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeviceInput, devicePatchSchema } from '@syrx/contracts/devices';
import { devicesRoutes } from '@syrx/contracts/routes/devices';
import { callRoute } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';

export type DevicePatch = z.input<typeof devicePatchSchema>;

/** POST …/syrx-controller-bacnet-devices with one device: 201 with the device, 409 when it exists. */
export const addDevice = (controllerId: string, device: DeviceInput) =>
  callRoute(devicesRoutes.add, { params: { id: controllerId }, body: device });

/** POST …/syrx-controller-bacnet-devices with the devices a discovery found (existing ones are skipped). */
export const submitDiscoveredDevices = (controllerId: string, devices: DeviceInput[]) =>
  callRoute(devicesRoutes.submit, { params: { id: controllerId }, body: devices });

/** PATCH /SyrxControllers/{id}/bacnet-devices: properties read by the reload dialog, per device. */
export const patchDevices = (controllerId: string, patches: DevicePatch[]) =>
  callRoute(devicesRoutes.patch, { params: { id: controllerId }, body: patches });

/** Adds one device by hand; the controller's device lists load again. */
export function useAddDevice(controllerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: DeviceInput) => addDevice(controllerId, device),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bacnetKeys.of(controllerId) }),
  });
}
