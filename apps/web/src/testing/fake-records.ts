import type { PointRecord, RecordSeries } from '@syrx/contracts/records';
import { type Handler, ok, withOverrides } from './fake-api';
import { skipTake } from './fake-page';


/**
 * Point records as apps/server keeps them, answering the /api/v2/point-records calls (and the controller points' summaries): raw records oldest first,
 * series without downsampling unless `state.series` is set, latest per point. `overrides` answer first.
 */
export function fakeRecordServer(overrides: Handler[] = []) {
  const state = { records: [] as PointRecord[], series: null as RecordSeries | null };
  const handler = withOverrides(overrides, (call) => {
    const url = new URL(call.path, 'http://console.test');
    if (call.method !== 'GET' || !/^\/api\/v2\/(controller-)?point-records/.test(url.pathname)) return undefined;
    const q = url.searchParams;
    const ids = (q.get('bacnet_point_ids') ?? '').split(',').map(Number);
    const [from, to] = [Date.parse(q.get('from') ?? ''), Date.parse(q.get('to') ?? '')];
    const inRange = state.records
      .filter((r) => ids.includes(r.bacnet_point_id) && Date.parse(r.timestamp) >= from && Date.parse(r.timestamp) < to)
      .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
    switch (url.pathname) {
      case '/api/v2/point-records':
        return ok(skipTake(inRange, q, 100));
      case '/api/v2/point-records/count':
        return ok({ count: inRange.length });
      case '/api/v2/point-records/series':
        return ok(
          state.series ?? {
            resolution_seconds: null,
            series: ids.map((id) => ({
              bacnet_point_id: id,
              points: inRange.filter((r) => r.bacnet_point_id === id).map((r) => ({ t: r.timestamp, avg: r.value, min: r.value, max: r.value, n: 1 })),
            })),
          },
        );
      case '/api/v2/controller-point-records/points':
        return ok(
          (q.get('point_ids') ?? '').split(',').map(Number).map((id) => {
            const own = state.records.filter((r) => r.bacnet_point_id === id).sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
            const last = own.at(-1);
            return { point_id: id, path: ['AHU controller', 'EMS-1', `Zone temp ${id}`], unit: null, earliest: own[0]?.timestamp ?? null, latest: last?.timestamp ?? null, latest_value: last?.value ?? null, count: own.length };
          }),
        );
      case '/api/v2/point-records/latest':
        return ok(
          ids.map((id) => {
            const own = state.records.filter((r) => r.bacnet_point_id === id).sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
            const last = own.at(-1);
            return { bacnet_point_id: id, timestamp: last?.timestamp ?? null, value: last?.value ?? null, earliest: own[0]?.timestamp ?? null, count: own.length };
          }),
        );
      default:
        return undefined;
    }
  });
  return { state, handler };
}
