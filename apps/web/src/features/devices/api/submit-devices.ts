import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { devicePatchSchema } from '@syrx/contracts/devices';
import { type DeviceInput, bacnetDeviceSchema, deviceSubmissionResultSchema } from '@syrx/contracts/devices';
import { legacyApi } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';

const submissionPath = (controllerId: string) => `/SyrxControllers/${encodeURIComponent(controllerId)}/syrx-controller-bacnet-devices`;

export type DevicePatch = z.input<typeof devicePatchSchema>;

/** POST …/syrx-controller-bacnet-devices with one device: 201 with the device, 409 when it exists. */
export const addDevice = (controllerId: string, device: DeviceInput) =>
  legacyApi(submissionPath(controllerId), { method: 'POST', body: device, schema: bacnetDeviceSchema });

/** POST …/syrx-controller-bacnet-devices with the devices a discovery found (existing ones are skipped). */
export const submitDiscoveredDevices = (controllerId: string, devices: DeviceInput[]) =>
  legacyApi(submissionPath(controllerId), { method: 'POST', body: devices, schema: deviceSubmissionResultSchema });

/** PATCH /SyrxControllers/{id}/bacnet-devices: properties read by the reload dialog, per device. */
export const patchDevices = (controllerId: string, patches: DevicePatch[]) =>
  legacyApi(`/SyrxControllers/${encodeURIComponent(controllerId)}/bacnet-devices`, { method: 'PATCH', body: patches, schema: z.array(bacnetDeviceSchema) });

/** Adds one device by hand; the controller's device lists load again. */
export function useAddDevice(controllerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: DeviceInput) => addDevice(controllerId, device),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bacnetKeys.of(controllerId) }),
  });
}
