import type { BacnetDevice } from '@syrx/contracts/devices';
import type { BacnetPoint } from '@syrx/contracts/points';
import { type Handler, ok, routeOf, withOverrides } from './fake-api';
import { controllerId } from './fake-controllers';

export const emsDevice: BacnetDevice = {
  id: 4, syrx_controller_id: controllerId, mac_address: '127.0.10.11:47808', network: 0, instance_number: 1501,
  destination_mac_address: '0.0.0.0:0', destination_network: 0, name: 'EMS-1', description: 'Energy management', vendor_name: 'Syrx Sim',
  model_name: 'EMS', database_revision: 3, first_available_on: '2025-03-07T14:05:09Z', last_available_on: '2025-03-07T14:05:09Z',
  last_unavailable_on: null, last_discovery_attempt: '2025-03-07T14:05:09Z', last_point_discovery: null, status: 'available', ignored: false, point_count: 0,
};

export const makePoint = (id: number, over: Partial<BacnetPoint> = {}): BacnetPoint => ({
  id, syrx_controller_bacnet_device_id: emsDevice.id, syrx_controller_id: controllerId, syrx_controller_name: 'AHU controller',
  syrx_controller_bacnet_device_name: 'EMS-1', syrx_controller_bacnet_device_mac_address: emsDevice.mac_address, syrx_controller_bacnet_device_network: 0,
  syrx_controller_bacnet_device_destination_mac_address: '0.0.0.0:0', syrx_controller_bacnet_device_destination_network: 0,
  syrx_controller_bacnet_device_instance_number: 1501, object_type: 0, object_type_name: 'OBJECT_ANALOG_INPUT', instance_number: id,
  object_id: `OBJECT_ANALOG_INPUT:${id}`, name: `Zone temp ${id}`, description: null, units: 'DEGREES_FAHRENHEIT', first_seen_on: '2025-03-07T14:05:09Z',
  last_seen_on: '2025-03-07T14:05:09Z', last_missed_on: null, last_point_discovery: null, reporting_earliest_record_date: null,
  reporting_latest_record_date: null, reporting_latest_value: null, reporting_is_selected_for_reporting: false, is_available: true, ...over,
});


/**
 * One controller's devices and points as apps/server keeps them, answering the device and point calls of the
 * legacy base. `overrides` answer first, e.g. to refuse a call.
 */
export function fakeDeviceServer(overrides: Handler[] = []) {
  const state = { devices: [emsDevice], points: [] as BacnetPoint[] };
  const base = `/api/SyrxControllers/${controllerId}`;
  const handler = withOverrides(overrides, (call) => {
    const { path, route } = routeOf(call);
    const device = /\/bacnet-devices\/(\d+)/.exec(path);
    const found = state.devices.find((d) => d.id === Number(device?.[1]));
    if (route === `GET ${base}/bacnet-devices`) return ok(state.devices);
    if (route === `GET ${base}/bacnet-devices/count`) return ok({ count: state.devices.length });
    if (route === `GET ${base}/bacnet-devices/${found?.id}`) return ok(found);
    if (route === `GET ${base}/bacnet-devices/${found?.id}/point-changes`) return ok([]);
    if (route === `POST ${base}/bacnet-devices/${found?.id}/reload-points`) return ok({ total: 2000, appeared: 2000, disappeared: 0, reappeared: 0 });
    if (route === `POST ${base}/syrx-controller-bacnet-devices`) {
      const list = Array.isArray(call.body) ? (call.body as BacnetDevice[]) : null;
      if (list) return ok({ added: list.map((d, i) => ({ ...emsDevice, ...d, id: 100 + i, status: 'pending', name: null })), skipped: 0 });
      return ok({ ...emsDevice, ...(call.body as object), id: 99, status: 'unknown' }, 201);
    }
    if (path.startsWith(`/api/bacnet-devices/${emsDevice.id}/bacnet-points`) || path.startsWith(`${base}/bacnet-points`)) {
      if (path.endsWith('/count')) return ok({ count: state.points.length });
      if (call.method === 'GET') return ok(state.points);
    }
    const reporting = /\/reporting-points\/(\d+)$/.exec(path);
    if (call.method === 'PATCH' && reporting) {
      const point = state.points.find((p) => p.id === Number(reporting[1]));
      return point ? ok({ ...point, reporting_is_selected_for_reporting: (call.body as { is_selected_for_reporting: boolean }).is_selected_for_reporting }) : undefined;
    }
    return undefined;
  });
  return { state, handler };
}
