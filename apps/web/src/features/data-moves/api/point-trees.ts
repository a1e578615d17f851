import { type VendorTreeEntry, treePageSize } from '@syrx/contracts/data-moves';
import { pointTreesRoutes as routes } from '@syrx/contracts/routes/data-moves';
import { callRoute } from '../../../lib/api-client';
import { type LevelLoad, type TreeEntry, type TreeLevel, pcsDeviceEntries, pcsPointEntries, pcsSiteEntries, vendorEntries } from '../utils/move-tree';

type VendorLevel = Extract<TreeLevel, { kind: 'vendor' }>;

/** …/vendors/{v}/id_field_1, …/id_field_1/{a}/id_field_2, …/id_field_2/{b}/id_field_3 (spec 02 section 7), by depth. */
function vendorPage(level: VendorLevel, query: { skip: number; take: number }): Promise<VendorTreeEntry[]> {
  const [a, b] = level.ids;
  const v = level.vendor;
  if (a === undefined) return callRoute(routes.vendorLevel1, { params: { v }, query });
  if (b === undefined) return callRoute(routes.vendorLevel2, { params: { v, a }, query });
  return callRoute(routes.vendorLevel3, { params: { v, a, b }, query });
}

function vendorCount(level: VendorLevel): Promise<{ count: number }> {
  const [a, b] = level.ids;
  const v = level.vendor;
  if (a === undefined) return callRoute(routes.vendorLevel1Count, { params: { v } });
  if (b === undefined) return callRoute(routes.vendorLevel2Count, { params: { v, a } });
  return callRoute(routes.vendorLevel3Count, { params: { v, a, b } });
}

/** GET {level}/count. */
export async function countLevel(level: TreeLevel): Promise<number> {
  switch (level.kind) {
    case 'vendor':
      return (await vendorCount(level)).count;
    case 'pcs-sites':
      return (await callRoute(routes.pcsSiteCount)).count;
    case 'pcs-devices':
      return (await callRoute(routes.pcsDeviceCount, { params: { id: level.siteId } })).count;
    case 'pcs-points':
      return (await callRoute(routes.pcsPointCount, { params: { id: level.deviceId } })).count;
  }
}

/** GET {level}?skip&take(&sort): one page of 20 (0-based `page`), as tree entries; PCS levels by name. */
export async function levelPage(level: TreeLevel, page: number): Promise<TreeEntry[]> {
  const paging = { skip: page * treePageSize, take: treePageSize };
  switch (level.kind) {
    case 'vendor':
      return vendorEntries(level, await vendorPage(level, paging));
    case 'pcs-sites':
      return pcsSiteEntries(await callRoute(routes.pcsSites, { query: { ...paging, sort: 'site_name:asc' } }));
    case 'pcs-devices':
      return pcsDeviceEntries(await callRoute(routes.pcsDevices, { params: { id: level.siteId }, query: { ...paging, sort: 'name:asc' } }));
    case 'pcs-points':
      return pcsPointEntries(await callRoute(routes.pcsPoints, { params: { id: level.deviceId }, query: { ...paging, sort: 'name:asc' } }));
  }
}

/** Opens a level: its count, and its page when it has one page (more pages load by page group). */
export async function loadLevel(level: TreeLevel): Promise<LevelLoad> {
  const count = await countLevel(level);
  if (count === 0) return { count, firstPage: [] };
  return { count, firstPage: count <= treePageSize ? await levelPage(level, 0) : null };
}

/** GET /api/v2/vendor_points/vendors: the vendors, the vendor tree's top. */
export const vendorsQueryOptions = {
  queryKey: ['move-tree', 'vendors'],
  queryFn: () => callRoute(routes.vendors),
} as const;

export const pcsRootQueryOptions = (level: TreeLevel) => ({
  queryKey: ['move-tree', 'pcs-sites'],
  queryFn: () => loadLevel(level),
});
