import { describe, expect, it } from 'vitest';
import type { ComponentType } from '@syrx/contracts/components';
import { pathOf, typeTree } from './type-tree';

const type = (id: number, parent_id: number | null, description: string, sort_order: number): ComponentType =>
  ({ id, parent_id, description, sort_order, is_schedule_type: parent_id === null, points: 0 });

describe('the component type tree', () => {
  const types = [type(4, 1, 'Cooling', 1), type(1, null, 'Air Handling Unit', 0), type(3, 1, 'Unit Type', 0), type(2, null, 'Pump', 1), type(5, 4, 'DX', 0)];

  it('nests the flat list by parent, each level in sort order', () => {
    const tree = typeTree(types);
    expect(tree.map((n) => n.type.description)).toEqual(['Air Handling Unit', 'Pump']);
    expect(tree[0]?.children.map((n) => n.type.description)).toEqual(['Unit Type', 'Cooling']);
    expect(tree[0]?.children[1]?.children.map((n) => n.type.id)).toEqual([5]);
  });

  it('names a type by its path from the top', () => {
    expect(pathOf(types, 5)).toEqual(['Air Handling Unit', 'Cooling', 'DX']);
    expect(pathOf(types, 99)).toEqual([]);
  });
});
