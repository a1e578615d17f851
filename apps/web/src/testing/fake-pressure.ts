import type { PressureConfiguration, PressureTransmitter } from '@syrx/contracts/pressure-control';
import { pressureDefaults } from '@syrx/contracts/pressure-control';
import { serviceIds } from '@syrx/contracts/services';
import type { BacnetPoint } from '@syrx/contracts/points';
import { type Handler, ok, routeOf, withOverrides } from './fake-api';
import { controllerId } from './fake-controllers';


export const unsavedConfiguration: PressureConfiguration = {
  syrx_controller_id: controllerId, saved: false, neutral_plane_height: null, is_output_enabled: false, oat_syrx_controller_bacnet_point_id: null,
  pnorm_output_syrx_controller_bacnet_point_id: null, indoor_temperature: pressureDefaults.indoorTemperatureF, interval_seconds: pressureDefaults.intervalSeconds,
  write_priority: pressureDefaults.writePriority, last_oat_date: null, last_oat_value: null, last_pnorm_output_date: null, last_pnorm_output_value: null,
  last_pnorm_output_write_date: null, exception_date: null, exception_type: null, exception_message: null, exception_stack_trace: null, oat_point: null, pnorm_output_point: null,
};

const summaryOf = (p: BacnetPoint) => ({
  syrx_controller_bacnet_point_id: p.id, syrx_controller_bacnet_point_name: p.name, syrx_controller_bacnet_point_object_id: p.object_id,
  syrx_controller_bacnet_device_name: p.syrx_controller_bacnet_device_name, syrx_controller_bacnet_device_mac_address: p.syrx_controller_bacnet_device_mac_address, units: p.units,
});

/**
 * The pressure control service of the fake controller as apps/server keeps it (configuration and transmitters of
 * spec 01 section 7), with the enabled service its page needs. Points are looked up in `points`.
 */
export function fakePressureServer(points: () => BacnetPoint[], overrides: Handler[] = []) {
  const state = { configuration: unsavedConfiguration, transmitters: [] as PressureTransmitter[], nextId: 1 };
  const base = `/api/SyrxControllers/${controllerId}`;
  const service = `${base}/services/${serviceIds.pressure}`;
  const point = (id: number | null | undefined) => points().find((p) => p.id === id);
  const transmitterOf = (id: number, body: Record<string, unknown>): PressureTransmitter => {
    const p = point(body.syrx_controller_bacnet_point_id as number) as BacnetPoint;
    const num = (body.num as number | undefined) ?? Math.max(0, ...state.transmitters.map((t) => t.num)) + 1;
    return {
      id, syrx_controller_id: controllerId, num, name: body.name as string, transmitter_height: body.transmitter_height as number, syrx_controller_bacnet_point_id: p.id,
      last_value_date: null, last_pressure: null, last_normalized_pressure: null, syrx_controller_bacnet_device_mac_address: p.syrx_controller_bacnet_device_mac_address,
      syrx_controller_bacnet_point_object_id: p.object_id, syrx_controller_bacnet_device_name: p.syrx_controller_bacnet_device_name, syrx_controller_bacnet_point_name: p.name,
    };
  };
  const handler = withOverrides(overrides, (call) => {
    const { path, route } = routeOf(call);
    const body = (call.body ?? {}) as Record<string, unknown>;
    const one = /\/building-pressure-transmitters\/(\d+)$/.exec(path);
    const found = state.transmitters.find((t) => t.id === Number(one?.[1]));
    if (route === `GET ${base}/enabled-services/${serviceIds.pressure}`) {
      return ok({ syrx_controller_id: controllerId, service_id: serviceIds.pressure, assigned_version: '*', reported_version: '1.0.0', last_contact: null, diagnostics: null });
    }
    if (route === `GET ${service}/configuration`) return ok(state.configuration);
    if (route === `PATCH ${service}/configuration`) {
      const c = { ...state.configuration, ...body, saved: true } as PressureConfiguration;
      const oat = point(c.oat_syrx_controller_bacnet_point_id);
      const pnorm = point(c.pnorm_output_syrx_controller_bacnet_point_id);
      state.configuration = { ...c, oat_point: oat ? summaryOf(oat) : null, pnorm_output_point: pnorm ? summaryOf(pnorm) : null };
      return ok(state.configuration);
    }
    if (route === `GET ${service}/building-pressure-transmitters`) return ok(state.transmitters);
    if (route === `POST ${service}/building-pressure-transmitters`) {
      if (state.transmitters.some((t) => t.num === body.num)) return { status: 409, body: { code: 'conflict', message: 'That transmitter number is already used on this controller', fields: [{ field: 'num', message: 'That transmitter number is already used on this controller' }] } };
      const created = transmitterOf(state.nextId++, body);
      state.transmitters.push(created);
      return ok(created, 201);
    }
    if (!found) return one ? { status: 404, body: { code: 'not_found', message: 'The building pressure transmitter was not found.' } } : undefined;
    if (call.method === 'GET') return ok(found);
    if (call.method === 'PUT') {
      const saved = transmitterOf(found.id, body);
      state.transmitters = state.transmitters.map((t) => (t.id === found.id ? saved : t));
      return ok(saved);
    }
    if (call.method === 'DELETE') {
      state.transmitters = state.transmitters.filter((t) => t.id !== found.id);
      return ok();
    }
    return undefined;
  });
  return { state, handler };
}
