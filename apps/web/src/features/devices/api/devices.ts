import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Sort } from '@syrx/contracts/grid';
import { devicesRoutes } from '@syrx/contracts/routes/devices';
import { callRoute } from '../../../lib/api-client';
import { bacnetKeys } from '../../../lib/bacnet-keys';
import { sortParam } from '../../../lib/grid-query';

export interface DeviceListQuery {
  /** False: available, unknown and pending devices only (the live view's default). */
  showUnavailable: boolean;
  skip: number;
  take: number;
  sort: readonly Sort[];
}

/** GET …/bacnet-devices: one page. */
export const listDevices = (controllerId: string, q: DeviceListQuery) =>
  callRoute(devicesRoutes.list, {
    params: { id: controllerId },
    query: { showUnavailable: q.showUnavailable, skip: q.skip, take: q.take, sort: sortParam(q.sort) },
  });

/** GET …/bacnet-devices/count */
export const countDevices = async (controllerId: string, showUnavailable: boolean) =>
  (await callRoute(devicesRoutes.count, { params: { id: controllerId }, query: { showUnavailable } })).count;

/** GET …/bacnet-devices/{deviceId} */
export const getDevice = (controllerId: string, deviceId: number) => callRoute(devicesRoutes.get, { params: { id: controllerId, deviceId } });

export const deviceListQueryOptions = (controllerId: string, q: DeviceListQuery) =>
  queryOptions({ queryKey: [...bacnetKeys.devices(controllerId), 'page', q], queryFn: () => listDevices(controllerId, q) });

export const deviceCountQueryOptions = (controllerId: string, showUnavailable: boolean) =>
  queryOptions({ queryKey: [...bacnetKeys.devices(controllerId), 'count', showUnavailable], queryFn: () => countDevices(controllerId, showUnavailable) });

export const deviceQueryOptions = (controllerId: string, deviceId: number) =>
  queryOptions({ queryKey: bacnetKeys.device(controllerId, deviceId), queryFn: () => getDevice(controllerId, deviceId) });

/** How often the live view looks again while devices on the page are pending (their properties are being read). */
export const pendingRefreshMs = 3000;

/**
 * A page of devices and the total it pages through; the previous page stays shown while the next loads. While a
 * device on the page is pending, the page loads again until the server has read it.
 */
export function useDevicePage(controllerId: string, q: DeviceListQuery) {
  const page = useQuery({
    ...deviceListQueryOptions(controllerId, q),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? pendingRefreshMs : false),
  });
  const count = useQuery(deviceCountQueryOptions(controllerId, q.showUnavailable));
  return { page, count };
}

export const useDevice = (controllerId: string, deviceId: number) => useQuery(deviceQueryOptions(controllerId, deviceId));

/** The most devices one call returns (the server's largest page). */
export const allDevicesLimit = 1000;

/** Every device of the controller, ignored and unavailable ones too (to mark discovered devices already added). */
export const useAllDevices = (controllerId: string) =>
  useQuery(deviceListQueryOptions(controllerId, { showUnavailable: true, skip: 0, take: allDevicesLimit, sort: [{ field: 'instance_number', dir: 'asc' }] }));
