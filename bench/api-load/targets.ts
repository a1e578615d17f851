/**
 * What the browser clients of bench/api-load.ts ask for: the controller, device and point lists with the query
 * strings the web app builds (apps/web/src/features/{controllers,devices,points}/api), each grid view as its page
 * request and its count request. Every client walks its own rotation of the views a person clicks through.
 */
import { filterParams, type GridFilter } from '@syrx/contracts/grid';
import type { Dataset } from './seed.ts';

export type ListName = 'controllers' | 'devices' | 'points';
export type RequestKind = 'page' | 'count';

export interface Target {
  list: ListName;
  request: RequestKind;
  /** The paths (with query strings) one client cycles through. */
  paths: string[];
  clients: number;
}

export const listLabels: Record<ListName, string> = {
  controllers: 'controller list',
  devices: 'device list',
  points: 'point list (device)',
};

/** Shares of the clients per list: the point list is asked the most. */
const shares: Record<ListName, number> = { controllers: 0.2, devices: 0.3, points: 0.5 };

type Query = Record<string, string | number | boolean | undefined>;

/** As the web app's buildUrl: keys in insertion order, undefined left out, URL-encoded. */
function withQuery(path: string, query: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

interface View {
  page: string;
  count?: string;
}

function controllerViews(groupId: number): View[] {
  const base = '/api/SyrxControllers';
  const count = withQuery(`${base}/count`, { root_group_id: groupId });
  const grid = (skip: number, sort?: string): View => ({ page: withQuery(base, { root_group_id: groupId, skip, take: 20, sort }), count });
  return [
    grid(0),
    // The area's tree: every controller in scope, by group name and name (useTreeControllers).
    { page: withQuery(base, { root_group_id: groupId, skip: 0, take: 1000, sort: 'group_name:asc,name:asc' }) },
    grid(20),
    grid(0, 'name:desc'),
    grid(40),
  ];
}

function deviceViews(controllerIds: string[]): View[] {
  const variants: { showUnavailable: boolean; sort?: string }[] = [{ showUnavailable: false }, { showUnavailable: false, sort: 'name:asc' }, { showUnavailable: true }];
  return controllerIds.map((id, i) => {
    const v = variants[i % variants.length] ?? { showUnavailable: false };
    const base = `/api/SyrxControllers/${encodeURIComponent(id)}/bacnet-devices`;
    return { page: withQuery(base, { showUnavailable: v.showUnavailable, skip: 0, take: 20, sort: v.sort }), count: withQuery(`${base}/count`, { showUnavailable: v.showUnavailable }) };
  });
}

function pointViews(deviceIds: number[]): View[] {
  const nameContains: GridFilter = { field: 'name', field_type: 'string', operator: 'contains', value: 'ZN' };
  const analogInputs: GridFilter = { field: 'object_type', field_type: 'number', operator: 'eq', value: '0' };
  // The grid's defaults (100 a page, unsorted, unavailable points shown), paging on, a sort, a filter.
  const variants: { skip: number; sort?: string; filters?: GridFilter[] }[] = [
    { skip: 0 }, { skip: 100 }, { skip: 0, sort: 'name:asc' }, { skip: 0 }, { skip: 200 },
    { skip: 0, filters: [nameContains] }, { skip: 0 }, { skip: 0, filters: [analogInputs] }, { skip: 300 }, { skip: 400 },
  ];
  return deviceIds.map((id, i) => {
    const v = variants[i % variants.length] ?? { skip: 0 };
    const base = `/api/bacnet-devices/${id}/bacnet-points`;
    const filters = filterParams(v.filters ?? []);
    return {
      page: withQuery(base, { showUnavailable: true, sort: v.sort, ...filters, skip: v.skip, take: 100 }),
      count: withQuery(`${base}/count`, { showUnavailable: true, ...filters }),
    };
  });
}

/** The first page of a device's points as the grid first asks for it (the body the bare baseline serves). */
export const firstPointPage = (deviceId: number) => withQuery(`/api/bacnet-devices/${deviceId}/bacnet-points`, { showUnavailable: true, skip: 0, take: 100 });
export const pointListRoute = '/api/bacnet-devices/:deviceId/bacnet-points';

/** The targets for `connections` clients, split over the lists by `shares` and within each over page and count. */
export function browserTargets(data: Dataset, connections: number): Target[] {
  const views: Record<ListName, View[]> = {
    controllers: controllerViews(data.scopeGroupId),
    devices: deviceViews(data.controllerIds),
    points: pointViews(data.listedDeviceIds),
  };
  const lists: ListName[] = ['controllers', 'devices', 'points'];
  const perList = lists.map((l) => Math.round(connections * shares[l]));
  // Rounding must not change the total: the point list takes up the difference.
  perList[2] = connections - (perList[0] ?? 0) - (perList[1] ?? 0);
  return lists.flatMap((list, i) => {
    const n = perList[i] ?? 0;
    const targets: Target[] = [
      { list, request: 'page', paths: views[list].map((v) => v.page), clients: Math.ceil(n / 2) },
      { list, request: 'count', paths: views[list].flatMap((v) => (v.count ? [v.count] : [])), clients: Math.floor(n / 2) },
    ];
    return targets.filter((t) => t.clients > 0);
  });
}
