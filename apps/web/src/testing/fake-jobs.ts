import type { PcsDevice, PcsPoint, PcsSite, MoveJobRow } from '@syrx/contracts/data-moves';
import { hasThirdLevel } from '@syrx/contracts/data-moves';
import type { Job, JobLog } from '@syrx/contracts/jobs';
import { type Handler, ok, type Reply, routeOf, withOverrides } from './fake-api';
import { pageOf, skipTake } from './fake-page';

const notFound = (message: string): Reply => ({ status: 404, body: { code: 'not_found', message } });

export const job = (id: number, over: Partial<Job> = {}): Job => ({
  id, parent_job_id: null, sibling_job_execution_order_index: 0, job_type: 'vendor_point_record_move', status: 'succeeded', progress: 100,
  priority: 0, user_id: 1, username: 'admin', created_time: '2025-03-07T14:00:00.000Z', queued_time: '2025-03-07T14:00:00.000Z',
  run_started_time: '2025-03-07T14:00:01.000Z', run_finished_time: '2025-03-07T14:00:05.000Z', finished_time: '2025-03-07T14:00:05.000Z',
  params: {}, attempts: 1, error_message: null, child_job_count: 0, ...over,
});

export const jobLog = (id: number, jobId: number, over: Partial<JobLog> = {}): JobLog => ({
  id, jobId, parentLogId: null, timestamp: new Date(Date.UTC(2025, 2, 7, 14, 0, id)).toISOString(), level: 'INFO', message: `Entry ${id}`,
  errorMessage: null, hasChildLogs: false, ...over,
});

export interface FakeVendorPoint {
  id: number;
  vendor: string;
  ids: [string, string] | [string, string, string];
}

export const moveRow = (job_id: number, over: Partial<MoveJobRow> = {}): MoveJobRow => ({
  job_id, source_data_point_name: 'invensys|AHU-1|SAT|PV', destination_data_point_name: 'JCI|VAV-3|ZN-T', start_date: null, end_date: null,
  full_time_range: true, source_record_handling: 'copy', remap_equipment_points: true, status: 'succeeded', progress: 100,
  job_queued_date: '2025-03-07T14:00:00.000Z', job_started_date: '2025-03-07T14:00:01.000Z', job_completed_date: '2025-03-07T14:00:05.000Z',
  records_copied: 12, records_deleted: 0, equipment_points_remapped: 1, ...over,
});

/**
 * Jobs, their logs, the move-job list, the vendor and PCS point trees, the move and import calls as apps/server
 * answers them (docs/jobs.md, docs/data-moves.md). `overrides` answer first, e.g. to refuse a call.
 */
export function fakeJobsServer(overrides: Handler[] = []) {
  const state = {
    jobs: [] as Job[],
    logs: [] as JobLog[],
    moves: [] as MoveJobRow[],
    vendorPoints: [] as FakeVendorPoint[],
    sites: [] as PcsSite[],
    devices: [] as PcsDevice[],
    points: [] as PcsPoint[],
    nextJobId: 100,
  };
  const handler = withOverrides(overrides, (call) => {
    const { path, query: q } = routeOf(call);
    const listOrCount = <T>(list: readonly T[], count: boolean) => ok(count ? { count: list.length } : skipTake(list, q, 20));

    if (call.method === 'POST') {
      if (path === '/api/v2/vendor_point_record_move_jobs') {
        const items = call.body as unknown[];
        return ok({ job_ids: items.map(() => state.nextJobId++) }, 201);
      }
      const imported = /^\/api\/v2\/imports\/(vendor-point-records|pcs-points)$/.exec(path);
      if (imported) return ok({ job_id: state.nextJobId++ }, 202);
      return undefined;
    }
    if (call.method !== 'GET') return undefined;

    if (path === '/api/v2/jobs') {
      return ok(pageOf(state.jobs.filter((j) => j.parent_job_id === null), q));
    }
    if (path === '/api/v2/jobs/statuses') return ok({ items: skipTake(state.moves, q, 20), total: state.moves.length });
    const jobPath = /^\/api\/v2\/jobs\/(\d+)(\/child-jobs|\/logs)?$/.exec(path);
    if (jobPath) {
      const id = Number(jobPath[1]);
      const found = state.jobs.find((j) => j.id === id);
      if (!found) return notFound('Job not found');
      if (jobPath[2] === '/child-jobs') return ok(state.jobs.filter((j) => j.parent_job_id === id));
      if (jobPath[2] === '/logs') {
        const parent = q.get('parentLogId') ?? 'null';
        return ok(state.logs.filter((l) => (parent === 'null' ? l.jobId === id && l.parentLogId === null : l.parentLogId === Number(parent))));
      }
      return ok(found);
    }

    if (path === '/api/v2/vendor_points/vendors') return ok([...new Set(state.vendorPoints.map((p) => p.vendor))]);
    const vendorLevel = /^\/api\/v2\/vendor_points\/vendors\/([^/]+)((?:\/id_field_\d\/[^/]+)*)\/id_field_(\d)(\/count)?$/.exec(path);
    if (vendorLevel) {
      const vendor = decodeURIComponent(vendorLevel[1] ?? '');
      const walked = [...(vendorLevel[2] ?? '').matchAll(/\/id_field_\d\/([^/]+)/g)].map((m) => decodeURIComponent(m[1] ?? ''));
      const depth = walked.length;
      const leafDepth = hasThirdLevel(vendor) ? 3 : 2;
      const under = state.vendorPoints.filter((p) => p.vendor === vendor && walked.every((w, i) => p.ids[i] === w));
      const values = [...new Set(under.map((p) => p.ids[depth] ?? ''))].sort();
      const entries = values.map((value) => {
        const ids = [...walked, value];
        const point = depth + 1 === leafDepth ? under.find((p) => p.ids[depth] === value) : undefined;
        return { value, vendor_point_id: point?.id ?? null, path: [vendor, ...ids].join('|'), record_count: point ? 10 : null };
      });
      return listOrCount(entries, vendorLevel[4] !== undefined);
    }
    const sites = /^\/api\/PcsSites(\/count)?$/.exec(path);
    if (sites) return listOrCount(state.sites, sites[1] !== undefined);
    const devices = /^\/api\/PcsSites\/(\d+)\/devices(\/count)?$/.exec(path);
    if (devices) return listOrCount(state.devices.filter((d) => d.pcs_site === Number(devices[1])), devices[2] !== undefined);
    const points = /^\/api\/PcsDevices\/(\d+)\/points(\/count)?$/.exec(path);
    if (points) return listOrCount(state.points.filter((p) => p.pcs_device === Number(points[1])), points[2] !== undefined);
    return undefined;
  });
  return { state, handler };
}

/** The demo's shape: invensys (three levels) and JCI (two), one PCS site with a device and two points. */
export function demoPoints(state: ReturnType<typeof fakeJobsServer>['state']): void {
  state.vendorPoints = [
    { id: 1, vendor: 'invensys', ids: ['AHU-1', 'SAT', 'PV'] },
    { id: 2, vendor: 'invensys', ids: ['AHU-1', 'SAT', 'SP'] },
    { id: 3, vendor: 'JCI', ids: ['VAV-3', 'ZN-T'] },
  ];
  state.sites = [{ id: 1, site_name: 'Plant', device_count: 1 }];
  state.devices = [{ id: 2, name: 'Chiller 1', pcs_site: 1, point_count: 2 }];
  state.points = [
    { id: 4, name: 'CHWST', pcs_device: 2, device_name: 'Chiller 1', site_name: 'Plant', record_count: 3, earliest_record_date: null, latest_record_date: null },
    { id: 5, name: 'CHWRT', pcs_device: 2, device_name: 'Chiller 1', site_name: 'Plant', record_count: 0, earliest_record_date: null, latest_record_date: null },
  ];
}
