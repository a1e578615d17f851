import type { Availability, PointDataKind, PointRecordRow, SeriesPoint } from '@syrx/contracts/point-data';
import type { GroupPoint, PcsSiteRow } from '@syrx/contracts/point-sources';
import { type Handler, ok, type Reply, withOverrides } from './fake-api';

const notFound = (message: string): Reply => ({ status: 404, body: { code: 'not_found', message } });
const badRequest = (message: string): Reply => ({ status: 400, body: { code: 'bad_request', message } });

/**
 * The point data of vendor, PCS and group points as apps/server answers it (…-point-records routes: points, series
 * raw, pages, count, availability), a group's points and its uploads, and the PCS sites' administration. `overrides`
 * answer first.
 */
export function fakePointDataServer(overrides: Handler[] = []) {
  const state = {
    points: [] as (SeriesPoint & { kind: PointDataKind })[],
    records: [] as (PointRecordRow & { kind: PointDataKind })[],
    groupPoints: [] as GroupPoint[],
    availability: null as Availability | null,
    sites: [] as PcsSiteRow[],
    uploads: [] as { groupId: number; csv: string }[],
    nextJobId: 500,
  };
  const handler = withOverrides(overrides, (call) => {
    const url = new URL(call.path, 'http://console.test');
    const q = url.searchParams;
    const path = url.pathname;
    const upload = /^\/api\/v2\/groups\/(\d+)\/group-data$/.exec(path);
    if (call.method === 'POST' && upload) {
      state.uploads.push({ groupId: Number(upload[1]), csv: String(call.body) });
      return ok({ job_id: state.nextJobId++ }, 202);
    }
    const site = /^\/api\/v2\/pcs-sites\/(\d+)(\/merge)?$/.exec(path);
    if (site) {
      const found = state.sites.find((s) => s.id === Number(site[1]));
      if (!found) return notFound('The PCS site was not found.');
      if (call.method === 'DELETE') return found.device_count > 0 ? badRequest('The site has devices.') : (state.sites = state.sites.filter((s) => s !== found), ok());
      if (call.method === 'PUT') {
        const name = (call.body as { site_name: string }).site_name;
        if (state.sites.some((s) => s.site_name === name && s !== found)) return badRequest(`A PCS site named "${name}" exists already: merge the two sites instead.`);
        found.site_name = name;
        return ok(found);
      }
      return undefined;
    }
    if (call.method !== 'GET') return undefined;
    if (path === '/api/v2/pcs-sites') {
      const search = (q.get('search') ?? '').toLowerCase();
      const list = state.sites.filter((s) => s.site_name.toLowerCase().includes(search));
      return ok({ items: list, total: list.length });
    }
    const groupPoints = /^\/api\/v2\/groups\/(\d+)\/group-points$/.exec(path);
    if (groupPoints) {
      const list = state.groupPoints.filter((p) => p.group_id === Number(groupPoints[1]) && p.name.includes(q.get('search') ?? ''));
      return ok({ items: list, total: list.length });
    }
    const read = /^\/api\/v2\/(vendor|pcs|group)-point-records(\/points|\/series|\/count|\/availability)?$/.exec(path);
    if (!read) return undefined;
    const kind = read[1] as PointDataKind;
    const ids = (q.get('point_ids') ?? '').split(',').map(Number);
    const inRange = state.records.filter((r) => r.kind === kind && ids.includes(r.point_id) && r.timestamp >= (q.get('from') ?? '') && r.timestamp < (q.get('to') ?? ''));
    switch (read[2]) {
      case '/points': {
        const found = ids.map((id) => state.points.find((p) => p.kind === kind && p.point_id === id));
        return found.every(Boolean) ? ok(found.map((p) => ({ ...p, kind: undefined }))) : notFound('The point was not found.');
      }
      case '/series':
        return ok({ resolution_seconds: null, series: ids.map((id) => ({ point_id: id, points: inRange.filter((r) => r.point_id === id).map((r) => ({ t: r.timestamp, avg: r.value, min: r.value, max: r.value, n: 1 })) })) });
      case '/count':
        return ok({ count: inRange.length });
      case '/availability':
        return state.availability ? ok(state.availability) : notFound('No report');
      case undefined:
        return ok(inRange.map(({ point_id, timestamp, value }) => ({ point_id, timestamp, value })));
    }
  });
  return { state, handler };
}
