import type { BacnetDevice } from '@syrx/contracts/devices';
import type { BacnetPoint, PointObjectGroup } from '@syrx/contracts/points';
import { pageGroups } from './page-ranges';

export interface PickerNode {
  key: string;
  title: string;
  isLeaf: boolean;
  /** Set on point leaves: what picking the node gives. */
  point?: BacnetPoint;
  children?: PickerNode[];
}

/** Which device, object type and tree page a loaded list of points belongs to. */
export const pageKey = (deviceId: number, objectType: number, page: number) => `${deviceId}:${objectType}:${page}`;

export interface PickerData {
  devices: readonly BacnetDevice[];
  groups: ReadonlyMap<number, readonly PointObjectGroup[]>;
  pages: ReadonlyMap<string, readonly BacnetPoint[]>;
}

const pointNode = (p: BacnetPoint): PickerNode => ({ key: `p:${p.id}`, title: p.name ? `${p.object_id} ${p.name}` : p.object_id, isLeaf: true, point: p });

function groupNode(deviceId: number, g: PointObjectGroup, pages: PickerData['pages']): PickerNode {
  const key = `g:${deviceId}:${g.object_type}`;
  const title = `${g.object_type_name} (${g.count})`;
  const ranges = pageGroups(g.count);
  const points = (page: number) => pages.get(pageKey(deviceId, g.object_type, page))?.map(pointNode);
  if (ranges.length === 0) {
    const children = points(0);
    return { key, title, isLeaf: false, ...(children ? { children } : {}) };
  }
  const children = ranges.map((r): PickerNode => {
    const loaded = points(r.page);
    return { key: `r:${deviceId}:${g.object_type}:${r.page}`, title: r.label, isLeaf: false, ...(loaded ? { children: loaded } : {}) };
  });
  return { key, title, isLeaf: false, children };
}

/**
 * The point-picker tree: the controller's devices → object-type groups with their counts → page groups
 * [start - end] when a group has more than 20 points → the points, loaded 20 at a time. Unloaded levels have no
 * children, so the tree asks for them when opened.
 */
export function buildPickerTree({ devices, groups, pages }: PickerData): PickerNode[] {
  return devices.map((d) => {
    const loaded = groups.get(d.id);
    const title = `${d.name ?? `Device ${d.instance_number}`} (${d.instance_number})`;
    return { key: `d:${d.id}`, title, isLeaf: false, ...(loaded ? { children: loaded.map((g) => groupNode(d.id, g, pages)) } : {}) };
  });
}

/** What a node's key asks to load: a device's groups, or one page of a group's points. */
export type LoadRequest = { kind: 'groups'; deviceId: number } | { kind: 'page'; deviceId: number; objectType: number; page: number };

export function loadRequestOf(key: string): LoadRequest | null {
  const [kind, a, b, c] = key.split(':').map((s, i) => (i === 0 ? s : Number(s))) as [string, number, number, number];
  if (kind === 'd') return { kind: 'groups', deviceId: a };
  if (kind === 'g') return { kind: 'page', deviceId: a, objectType: b, page: 0 };
  if (kind === 'r') return { kind: 'page', deviceId: a, objectType: b, page: c };
  return null;
}
