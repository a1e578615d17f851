import type { ComponentType } from '@syrx/contracts/components';

export interface TypeNode {
  type: ComponentType;
  children: TypeNode[];
}

/** The flat list of types as a tree: top-level types first, each level in sort order (then by id). */
export function typeTree(types: readonly ComponentType[]): TypeNode[] {
  const byParent = new Map<number | null, ComponentType[]>();
  for (const t of types) byParent.set(t.parent_id, [...(byParent.get(t.parent_id) ?? []), t]);
  const level = (parentId: number | null): TypeNode[] =>
    (byParent.get(parentId) ?? []).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id).map((type) => ({ type, children: level(type.id) }));
  return level(null);
}

/** The descriptions from the top down to the type (Air Handling Unit › Cooling), or [] for an unknown id. */
export function pathOf(types: readonly ComponentType[], id: number): string[] {
  const byId = new Map(types.map((t) => [t.id, t]));
  const path: string[] = [];
  for (let t = byId.get(id); t && path.length < 50; t = t.parent_id === null ? undefined : byId.get(t.parent_id)) path.unshift(t.description);
  return path;
}
