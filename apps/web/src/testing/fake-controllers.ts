import type { BacnetConnection, BbmdServer, EnabledService, SyrxController } from '@syrx/contracts/controllers';
import { allServiceIds, serviceTypeDescriptions } from '@syrx/contracts/services';
import type { SessionUser } from '@syrx/contracts/auth';
import { adaUser, type Handler, notFound, ok, routeOf, withOverrides } from './fake-api';

export const adminUser: SessionUser = { ...adaUser, username: 'grace@example.com', first_name: 'Grace', permissions: ['pcs_admin'] };

export const controllerId = '7b0e9d4e-2f7a-4c1e-9a7e-0d1f3c5b6a70';

export const ahuController: SyrxController = {
  id: controllerId, group_id: 2, group_name: 'Acme Buildings', name: 'AHU controller', description: 'Roof',
};


/**
 * One controller's data as apps/server keeps it, answering the controller calls of the legacy base (and the
 * service types of the newer one). `overrides` answer first, e.g. to refuse a call.
 */
export function fakeControllerServer(overrides: Handler[] = []) {
  const state = {
    controller: ahuController,
    connection: null as BacnetConnection | null,
    bbmd: [] as BbmdServer[],
    enabled: [{ syrx_controller_id: controllerId, service_id: 'Syrx.UpdaterService', assigned_version: '>=1.0.0 <2.0.0-0', reported_version: null, last_contact: null }] as EnabledService[],
  };
  const base = `/api/SyrxControllers/${controllerId}`;
  const handler = withOverrides(overrides, (call) => {
    const { route } = routeOf(call);
    switch (route) {
      case 'GET /api/SyrxControllers':
        return ok([state.controller]);
      case 'GET /api/SyrxControllers/count':
        return ok({ count: 1 });
      case `GET ${base}`:
        return ok(state.controller);
      case `PUT ${base}`:
        state.controller = { ...state.controller, ...(call.body as object) };
        return ok(state.controller);
      case `GET ${base}/bacnet-connection-configuration`:
        return ok(state.connection);
      case `PUT ${base}/bacnet-connection-configuration`:
        state.connection = { syrx_controller_id: controllerId, apdu_timeout_ms: 3000, apdu_retries: 3, ...(call.body as { ip_address: string; port_num: number }) };
        return ok(state.connection);
      case `DELETE ${base}/bacnet-connection-configuration`:
        state.connection = null;
        state.bbmd = [];
        return ok();
      case `GET ${base}/bacnet-connection-bbmd-servers`:
        return ok(state.bbmd);
      case `PUT ${base}/bacnet-connection-bbmd-servers`:
        state.bbmd = (call.body as Omit<BbmdServer, 'syrx_controller_id'>[]).map((s) => ({ syrx_controller_id: controllerId, ...s }));
        return ok(state.bbmd);
      case `GET ${base}/enabled-services`:
        return ok(state.enabled);
      case `PUT ${base}/enabled-services`:
        state.enabled = (call.body as { service_id: string; assigned_version: string }[]).map((s) => ({
          syrx_controller_id: controllerId, reported_version: null, last_contact: null, ...s,
        }));
        return ok(state.enabled);
      case `GET ${base}/critical-systemd-service-statuses`:
        return notFound('A status report of this controller');
      case 'GET /api/v2/syrx-controller-service-types':
        return ok(allServiceIds.map((id) => ({ id, description: serviceTypeDescriptions[id], syrx_controller_service_versions: [] })));
      default:
        return undefined;
    }
  });
  return { state, handler };
}
