import type { FleetRow, PointHealthFinding, PointHealthSchedule, PointHealthSweep } from '@syrx/contracts/point-health';
import { controllerId } from './fake-controllers';
import { type Handler, notFound, ok, routeOf, withOverrides } from './fake-api';
import { pageOf } from './fake-page';

const noCounts = { overridden: 0, out_of_service: 0, fault: 0, in_alarm: 0, stale: 0, unreachable: 0 };

export const sweep = (id: number, over: Partial<PointHealthSweep> = {}): PointHealthSweep => ({
  id, scope: 'controller', syrx_controller_id: controllerId, syrx_controller_name: 'AHU controller', group_id: null, group_name: null,
  status: 'succeeded', progress: 100, job_id: id + 100, username: 'admin', created_at: '2025-03-07T14:00:00.000Z', started_at: '2025-03-07T14:00:01.000Z',
  finished_at: '2025-03-07T14:00:04.000Z', error_message: null, operator_priorities: [8], program_priorities: null, controller_count: 1, device_count: 3,
  point_count: 27, counts: { ...noCounts, overridden: 1, fault: 1 }, comparison: null, ...over,
});

export const finding = (id: number, over: Partial<PointHealthFinding> = {}): PointHealthFinding => ({
  id, sweep_id: 1, category: 'overridden', change: null, syrx_controller_id: controllerId, syrx_controller_name: 'AHU controller', device_id: 5,
  device_instance: 1001002, device_name: 'VAV-2-02', point_id: 50 + id, object_type: 1, instance_number: 1, point_name: 'VAV-2-02 Damper Position',
  units: 'PERCENT', present_value: 100, status_flags: { in_alarm: false, fault: false, overridden: false, out_of_service: false }, out_of_service: false,
  reliability: 0, event_state: 0, priority: 8, priority_array: Array.from({ length: 16 }, (_, i) => (i === 7 ? 100 : null)), relinquish_default: 50,
  detail: 'Commanded to 100 at priority 8', latest_record_on: null, relinquished_at: null, relinquished_by: null, ...over,
});

/** The point health routes as apps/server answers them (docs/point-health.md); `overrides` answer first. */
export function fakePointHealthServer(overrides: Handler[] = []) {
  const state = {
    fleet: [] as FleetRow[],
    sweeps: [] as PointHealthSweep[],
    findings: [] as PointHealthFinding[],
    started: [] as unknown[],
    relinquished: [] as number[],
    schedules: [] as PointHealthSchedule[],
    nextId: 10,
  };
  const handler = withOverrides(overrides, (call) => {
    const { path, query: q } = routeOf(call);
    if (call.method === 'POST' && path === '/api/v2/point-health/sweeps') {
      state.started.push(call.body);
      const made = sweep(state.nextId++, { status: 'queued', progress: 0, started_at: null, finished_at: null, counts: noCounts });
      state.sweeps.unshift(made);
      return ok(made, 202);
    }
    const relinquish = /^\/api\/v2\/point-health\/findings\/(\d+)\/relinquish$/.exec(path);
    if (call.method === 'POST' && relinquish) {
      const f = state.findings.find((x) => x.id === Number(relinquish[1]));
      if (!f) return notFound('The finding');
      state.relinquished.push(f.id);
      Object.assign(f, { relinquished_at: '2025-03-07T15:00:00.000Z', relinquished_by: 'admin' });
      return ok(f);
    }
    const scheduled = /^\/api\/v2\/point-health\/schedules\/(\d+)$/.exec(path);
    if (scheduled && call.method === 'PUT') {
      const groupId = Number(scheduled[1]);
      const { hour_utc } = call.body as { hour_utc: number };
      const made: PointHealthSchedule = {
        group_id: groupId, group_name: 'Acme Buildings', hour_utc, operator_priorities: [8], program_priorities: null, username: 'admin',
        next_run_at: `2025-03-08T${String(hour_utc).padStart(2, '0')}:00:00.000Z`, last_sweep_id: null,
      };
      state.schedules = [...state.schedules.filter((x) => x.group_id !== groupId), made];
      return ok(made);
    }
    if (scheduled && call.method === 'DELETE') {
      state.schedules = state.schedules.filter((x) => x.group_id !== Number(scheduled[1]));
      return ok();
    }
    if (call.method !== 'GET') return undefined;
    if (path === '/api/v2/point-health/fleet') return ok(state.fleet);
    if (path === '/api/v2/point-health/schedules') return ok(state.schedules);
    if (path === '/api/v2/point-health/sweeps') {
      return ok(pageOf(state.sweeps, q, { num: 'page', size: 'page_size', defaultSize: 50 }));
    }
    const one = /^\/api\/v2\/point-health\/sweeps\/(\d+)(\/findings)?$/.exec(path);
    if (!one) return undefined;
    const s = state.sweeps.find((x) => x.id === Number(one[1]));
    if (!s) return notFound('The point health sweep');
    if (!one[2]) return ok(s);
    const items = state.findings.filter((f) => f.sweep_id === s.id && (!q.get('category') || f.category === q.get('category'))
      && (!q.get('syrx_controller_id') || f.syrx_controller_id === q.get('syrx_controller_id')));
    return ok({ items, total: items.length });
  });
  return { state, handler };
}
