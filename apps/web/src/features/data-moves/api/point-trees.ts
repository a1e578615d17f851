import { z } from 'zod';
import { countSchema, pcsDeviceSchema, pcsPointSchema, pcsSiteSchema, treePageSize, vendorTreeEntrySchema } from '@syrx/contracts/data-moves';
import { legacyApi, v2Api } from '../../../lib/api-client';
import { type LevelLoad, type TreeEntry, type TreeLevel, pcsDeviceEntries, pcsPointEntries, pcsSiteEntries, vendorEntries } from '../utils/move-tree';

const idFields = ['id_field_1', 'id_field_2', 'id_field_3'];
const segment = encodeURIComponent;

/** …/vendors/{v}/id_field_1, …/id_field_1/{a}/id_field_2, …/id_field_2/{b}/id_field_3 (spec 02 section 7). */
function vendorLevelPath(vendor: string, ids: readonly string[]): string {
  const walked = ids.map((id, i) => `/${idFields[i]}/${segment(id)}`).join('');
  return `/vendor_points/vendors/${segment(vendor)}${walked}/${idFields[ids.length]}`;
}

/** Where a level's pages (and, with /count, its count) are, on which base, sorted how. */
function levelSource(level: TreeLevel): { base: 'v2' | 'legacy'; path: string; sort?: string } {
  switch (level.kind) {
    case 'vendor':
      return { base: 'v2', path: vendorLevelPath(level.vendor, level.ids) };
    case 'pcs-sites':
      return { base: 'legacy', path: '/PcsSites', sort: 'site_name:asc' };
    case 'pcs-devices':
      return { base: 'legacy', path: `/PcsSites/${level.siteId}/devices`, sort: 'name:asc' };
    case 'pcs-points':
      return { base: 'legacy', path: `/PcsDevices/${level.deviceId}/points`, sort: 'name:asc' };
  }
}

const call = <T>(base: 'v2' | 'legacy', path: string, schema: z.ZodType<T>, query?: Record<string, string | number | undefined>) =>
  base === 'v2' ? v2Api(path, { schema, query }) : legacyApi(path, { schema, query });

/** GET {level}/count. */
export async function countLevel(level: TreeLevel): Promise<number> {
  const { base, path } = levelSource(level);
  return (await call(base, `${path}/count`, countSchema)).count;
}

/** GET {level}?skip&take(&sort): one page of 20 (0-based `page`), as tree entries. */
export async function levelPage(level: TreeLevel, page: number): Promise<TreeEntry[]> {
  const { base, path, sort } = levelSource(level);
  const query = { skip: page * treePageSize, take: treePageSize, sort };
  switch (level.kind) {
    case 'vendor':
      return vendorEntries(level, await call(base, path, z.array(vendorTreeEntrySchema), query));
    case 'pcs-sites':
      return pcsSiteEntries(await call(base, path, z.array(pcsSiteSchema), query));
    case 'pcs-devices':
      return pcsDeviceEntries(await call(base, path, z.array(pcsDeviceSchema), query));
    case 'pcs-points':
      return pcsPointEntries(await call(base, path, z.array(pcsPointSchema), query));
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
  queryFn: () => v2Api('/vendor_points/vendors', { schema: z.array(z.string()) }),
} as const;

export const pcsRootQueryOptions = (level: TreeLevel) => ({
  queryKey: ['move-tree', 'pcs-sites'],
  queryFn: () => loadLevel(level),
});
