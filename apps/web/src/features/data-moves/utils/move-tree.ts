import { type PcsDevice, type PcsPoint, type PcsSite, type VendorTreeEntry, hasThirdLevel, treePageSize } from '@syrx/contracts/data-moves';
import { pageRangeLabel } from '@syrx/contracts/points';
import type { MovePoint } from './move-item';

/**
 * A level of a point tree that loads in pages of 20 with a count: a vendor's id field 1 (ids []), 2 ([a]) or 3
 * ([a, b]); the PCS sites; a site's devices; a device's points.
 */
export type TreeLevel =
  | { kind: 'vendor'; vendor: string; ids: readonly string[] }
  | { kind: 'pcs-sites' }
  | { kind: 'pcs-devices'; siteId: number }
  | { kind: 'pcs-points'; deviceId: number };

export const pcsRoot: TreeLevel = { kind: 'pcs-sites' };

export function levelKey(level: TreeLevel): string {
  switch (level.kind) {
    case 'vendor':
      return `level:vendor:${JSON.stringify([level.vendor, ...level.ids])}`;
    case 'pcs-sites':
      return 'level:pcs-sites';
    case 'pcs-devices':
      return `level:pcs-devices:${level.siteId}`;
    case 'pcs-points':
      return `level:pcs-points:${level.deviceId}`;
  }
}

const pageKey = (level: TreeLevel, page: number) => `page:${levelKey(level)}#${page}`;

/** One row of a level: a branch that opens another level, or a point (a leaf). */
export interface TreeEntry {
  key: string;
  title: string;
  level?: TreeLevel;
  point?: MovePoint;
}

const recordsNote = (count: number | null) => (count === null ? '' : ` (${count} records)`);

/** A vendor level's rows: branches down to the vendor's last id field (3 for invensys and UC, else 2), points there. */
export function vendorEntries(level: Extract<TreeLevel, { kind: 'vendor' }>, rows: readonly VendorTreeEntry[]): TreeEntry[] {
  const atLeaves = level.ids.length + 1 === (hasThirdLevel(level.vendor) ? 3 : 2);
  return rows.map((row): TreeEntry => {
    if (!atLeaves) return { key: levelKey({ ...level, ids: [...level.ids, row.value] }), title: row.value, level: { ...level, ids: [...level.ids, row.value] } };
    const point = row.vendor_point_id === null ? undefined : { name: row.path, vendorPointId: row.vendor_point_id, pcsPointId: null };
    return { key: `vendor-point:${row.vendor_point_id ?? row.path}`, title: `${row.value}${recordsNote(row.record_count)}`, ...(point ? { point } : {}) };
  });
}

export const pcsSiteEntries = (rows: readonly PcsSite[]): TreeEntry[] =>
  rows.map((s) => ({ key: levelKey({ kind: 'pcs-devices', siteId: s.id }), title: s.site_name, level: { kind: 'pcs-devices', siteId: s.id } }));

export const pcsDeviceEntries = (rows: readonly PcsDevice[]): TreeEntry[] =>
  rows.map((d) => ({ key: levelKey({ kind: 'pcs-points', deviceId: d.id }), title: d.name, level: { kind: 'pcs-points', deviceId: d.id } }));

export const pcsPointEntries = (rows: readonly PcsPoint[]): TreeEntry[] =>
  rows.map((p) => ({
    key: `pcs-point:${p.id}`,
    title: `${p.name}${recordsNote(p.record_count)}`,
    point: { name: `${p.site_name} / ${p.device_name} / ${p.name}`, vendorPointId: null, pcsPointId: p.id },
  }));

/** What the tree has loaded: each opened level's count, and its pages of entries. */
export interface LoadedTree {
  counts: ReadonlyMap<string, number>;
  pages: ReadonlyMap<string, readonly TreeEntry[]>;
}

export const nothingLoaded: LoadedTree = { counts: new Map(), pages: new Map() };

/** A level opened: its count, and its only page when it has no more than 20 entries. */
export interface LevelLoad {
  count: number;
  firstPage: readonly TreeEntry[] | null;
}

export const withLevel = (tree: LoadedTree, level: TreeLevel, { count, firstPage }: LevelLoad): LoadedTree => ({
  counts: new Map(tree.counts).set(levelKey(level), count),
  pages: firstPage ? new Map(tree.pages).set(pageKey(level, 0), firstPage) : tree.pages,
});

export const withPage = (tree: LoadedTree, level: TreeLevel, page: number, entries: readonly TreeEntry[]): LoadedTree => ({
  counts: tree.counts,
  pages: new Map(tree.pages).set(pageKey(level, page), entries),
});

/** What opening a node loads: a level (its count, and its page when it has one page) or one page of a level. */
export type LoadTarget = { kind: 'level'; level: TreeLevel } | { kind: 'page'; level: TreeLevel; page: number };

export interface MoveTreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  point?: MovePoint;
  load?: LoadTarget;
  children?: MoveTreeNode[];
}

/** A page group of a level with more than one page: [start - end], 0-based `page`. */
export function pageGroups(count: number, size: number = treePageSize): { page: number; label: string }[] {
  if (count <= size) return [];
  return Array.from({ length: Math.ceil(count / size) }, (_, page) => ({ page, label: pageRangeLabel(page * size + 1, Math.min(count, (page + 1) * size)) }));
}

function entryNode(entry: TreeEntry, tree: LoadedTree): MoveTreeNode {
  if (!entry.level) return { key: entry.key, title: entry.title, isLeaf: true, ...(entry.point ? { point: entry.point } : {}) };
  const children = levelNodes(entry.level, tree);
  return { key: entry.key, title: entry.title, isLeaf: false, load: { kind: 'level', level: entry.level }, ...(children ? { children } : {}) };
}

/**
 * The nodes under a level: undefined until it is loaded; its entries when it has up to 20; else one page group per
 * 20 entries, each holding its page once loaded.
 */
export function levelNodes(level: TreeLevel, tree: LoadedTree): MoveTreeNode[] | undefined {
  const count = tree.counts.get(levelKey(level));
  if (count === undefined) return undefined;
  const entries = (page: number) => tree.pages.get(pageKey(level, page))?.map((e) => entryNode(e, tree));
  const groups = pageGroups(count);
  if (groups.length === 0) return entries(0) ?? [];
  return groups.map((g): MoveTreeNode => {
    const loaded = entries(g.page);
    return { key: pageKey(level, g.page), title: g.label, isLeaf: false, load: { kind: 'page', level, page: g.page }, ...(loaded ? { children: loaded } : {}) };
  });
}

/** The vendor tree's top: the vendors, each opening its id field 1. */
export const vendorRoots = (vendors: readonly string[], tree: LoadedTree): MoveTreeNode[] =>
  vendors.map((vendor) => entryNode({ key: levelKey({ kind: 'vendor', vendor, ids: [] }), title: vendor, level: { kind: 'vendor', vendor, ids: [] } }, tree));

/** Every node of a tree by key (to find what a node loads, or which point it is). */
export function nodesByKey(nodes: readonly MoveTreeNode[]): Map<string, MoveTreeNode> {
  const map = new Map<string, MoveTreeNode>();
  const visit = (list: readonly MoveTreeNode[]) =>
    list.forEach((n) => {
      map.set(n.key, n);
      if (n.children) visit(n.children);
    });
  visit(nodes);
  return map;
}
