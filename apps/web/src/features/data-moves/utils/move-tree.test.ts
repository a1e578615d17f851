import { describe, expect, it } from 'vitest';
import type { VendorTreeEntry } from '@syrx/contracts/data-moves';
import { levelKey, levelNodes, nodesByKey, nothingLoaded, pageGroups, pcsPointEntries, pcsRoot, pcsSiteEntries, vendorEntries, vendorRoots, withLevel, withPage } from './move-tree';

const row = (value: string, path: string, vendor_point_id: number | null = null): VendorTreeEntry => ({ value, path, vendor_point_id, record_count: vendor_point_id === null ? null : 12 });
const sites = (from: number, to: number) => pcsSiteEntries(Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, site_name: `Site ${from + i}`, device_count: 1 })));

describe('move point trees', () => {
  it('pages a level by 20: no page groups up to 20, [start - end] groups past it', () => {
    expect(pageGroups(20)).toEqual([]);
    expect(pageGroups(45)).toEqual([{ page: 0, label: '[1 - 20]' }, { page: 1, label: '[21 - 40]' }, { page: 2, label: '[41 - 45]' }]);
  });

  it('shows a small level as its entries, and a large one as page groups that load their page when opened', () => {
    expect(levelNodes(pcsRoot, nothingLoaded)).toBeUndefined();
    const small = withLevel(nothingLoaded, pcsRoot, { count: 2, firstPage: sites(1, 2) });
    expect(levelNodes(pcsRoot, small)?.map((n) => [n.title, n.isLeaf, n.load])).toEqual([
      ['Site 1', false, { kind: 'level', level: { kind: 'pcs-devices', siteId: 1 } }],
      ['Site 2', false, { kind: 'level', level: { kind: 'pcs-devices', siteId: 2 } }],
    ]);

    const large = withLevel(nothingLoaded, pcsRoot, { count: 25, firstPage: null });
    const groups = levelNodes(pcsRoot, large) ?? [];
    expect(groups.map((g) => [g.title, g.load, g.children])).toEqual([
      ['[1 - 20]', { kind: 'page', level: pcsRoot, page: 0 }, undefined],
      ['[21 - 25]', { kind: 'page', level: pcsRoot, page: 1 }, undefined],
    ]);
    const second = levelNodes(pcsRoot, withPage(large, pcsRoot, 1, sites(21, 25)))?.[1];
    expect(second?.children?.map((n) => n.title)).toEqual(['Site 21', 'Site 22', 'Site 23', 'Site 24', 'Site 25']);
  });

  it('ends the vendor tree at id field 3 for invensys and UC, and at id field 2 for the others', () => {
    const invensys = { kind: 'vendor' as const, vendor: 'invensys', ids: ['AHU-1'] };
    expect(vendorEntries(invensys, [row('SAT', 'invensys|AHU-1|SAT')])[0]).toMatchObject({ title: 'SAT', level: { vendor: 'invensys', ids: ['AHU-1', 'SAT'] } });
    expect(vendorEntries({ ...invensys, ids: ['AHU-1', 'SAT'] }, [row('PV', 'invensys|AHU-1|SAT|PV', 7)])[0]).toEqual({
      key: 'vendor-point:7', title: 'PV (12 records)', point: { name: 'invensys|AHU-1|SAT|PV', vendorPointId: 7, pcsPointId: null },
    });
    const jci = { kind: 'vendor' as const, vendor: 'JCI', ids: ['VAV-3'] };
    expect(vendorEntries(jci, [row('ZN-T', 'JCI|VAV-3|ZN-T', 9)])[0]?.point?.vendorPointId).toBe(9);
    expect(vendorEntries({ ...jci, ids: [] }, [row('VAV-3', 'JCI|VAV-3')])[0]?.level).toEqual({ kind: 'vendor', vendor: 'JCI', ids: ['VAV-3'] });
  });

  it('names PCS points by site, device and point, and finds any node by key', () => {
    const [point] = pcsPointEntries([{ id: 4, name: 'CHWST', pcs_device: 2, device_name: 'Chiller 1', site_name: 'Plant', record_count: 3, earliest_record_date: null, latest_record_date: null }]);
    expect(point?.point).toEqual({ name: 'Plant / Chiller 1 / CHWST', vendorPointId: null, pcsPointId: 4 });
    const vendor = { kind: 'vendor' as const, vendor: 'UC', ids: [] };
    const tree = withLevel(nothingLoaded, vendor, { count: 1, firstPage: vendorEntries(vendor, [row('RTU-1', 'UC|RTU-1')]) });
    const roots = vendorRoots(['UC', 'JCI'], tree);
    expect(roots.map((r) => [r.title, r.children?.length])).toEqual([['UC', 1], ['JCI', undefined]]);
    expect(nodesByKey(roots).get(levelKey({ ...vendor, ids: ['RTU-1'] }))?.title).toBe('RTU-1');
  });
});
