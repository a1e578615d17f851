import type { ComponentNode } from '@syrx/contracts/components';

/** A component row as the tree queries read it. */
export type ComponentRow = {
  id: number;
  parent_id: number | null;
  description: string;
  sort_order: number;
};

/**
 * The trees under `rootIds` (in that order) from rows that hold the roots and all their descendants; children in
 * sort order, then by id. Rows outside those trees are ignored.
 */
export function buildTrees(rows: readonly ComponentRow[], rootIds: readonly number[]): ComponentNode[] {
  const byParent = new Map<number, ComponentRow[]>();
  for (const r of rows) if (r.parent_id !== null) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Set<number>();
  const node = (r: ComponentRow): ComponentNode => {
    // A cycle cannot be stored through parent_id references made top-down, but a hand-edited table could hold one.
    seen.add(r.id);
    const kids = (byParent.get(r.id) ?? []).filter((c) => !seen.has(c.id)).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
    return { id: r.id, description: r.description, children: kids.map(node) };
  };
  return rootIds.flatMap((id) => {
    const r = byId.get(id);
    return r ? [node(r)] : [];
  });
}

/**
 * The component types whose points an equipment of `componentId` gets: the component itself and, for each chosen
 * subcomponent, every type from the component down to it (top first). `chains` maps each chosen id to its ancestors, itself first,
 * up to and including `componentId` when it lies under it. Returns the chosen ids that are no strict descendant of the
 * component as `invalid`.
 */
export function pointSourceTypes(componentId: number, chains: ReadonlyMap<number, readonly number[]>, chosen: readonly number[]): { types: number[]; invalid: number[] } {
  const types = new Set<number>([componentId]);
  const invalid: number[] = [];
  for (const id of chosen) {
    const chain = chains.get(id) ?? [];
    const at = chain.indexOf(componentId);
    if (id === componentId || at < 0) {
      invalid.push(id);
      continue;
    }
    for (const t of chain.slice(0, at).reverse()) types.add(t);
  }
  return { types: [...types], invalid };
}
