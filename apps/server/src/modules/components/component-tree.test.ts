import { describe, expect, it } from 'vitest';
import { buildTrees, type ComponentRow, pointSourceTypes } from './component-tree.ts';

const row = (id: number, parent_id: number | null, description: string, sort_order = 0): ComponentRow => ({ id, parent_id, description, sort_order });

describe('buildTrees', () => {
  const rows = [
    row(1, null, 'Air Handling Unit'), row(2, 1, 'Cooling', 1), row(3, 1, 'Unit Type', 0), row(4, 2, 'Chilled Water Coil', 0),
    row(5, 4, 'Two-Way Valve', 1), row(6, 4, 'Three-Way Valve', 0), row(7, null, 'Chiller'), row(8, 7, 'Type'),
  ];

  it('nests children under their parents in sort order, the roots in the order asked', () => {
    expect(buildTrees(rows, [7, 1])).toEqual([
      { id: 7, description: 'Chiller', children: [{ id: 8, description: 'Type', children: [] }] },
      {
        id: 1, description: 'Air Handling Unit', children: [
          { id: 3, description: 'Unit Type', children: [] },
          { id: 2, description: 'Cooling', children: [{ id: 4, description: 'Chilled Water Coil', children: [
            { id: 6, description: 'Three-Way Valve', children: [] }, { id: 5, description: 'Two-Way Valve', children: [] },
          ] }] },
        ],
      },
    ]);
  });

  it('starts anywhere in the tree, skips unknown roots and survives a cycle', () => {
    expect(buildTrees(rows, [4, 99]).map((n) => n.children.length)).toEqual([2]);
    expect(buildTrees([row(1, 2, 'A'), row(2, 1, 'B')], [1])).toEqual([{ id: 1, description: 'A', children: [{ id: 2, description: 'B', children: [] }] }]);
  });
});

describe('pointSourceTypes', () => {
  // 1 Air Handling Unit › 3 Unit Type › 9 DOAS › 10 With Energy Recovery Wheel; 1 › 2 Cooling › 4 Chilled Water Coil.
  const chains = new Map([[10, [10, 9, 3, 1]], [4, [4, 2, 1]], [8, [8, 7]], [1, [1]]]);

  it('takes the component and every type from it down to each chosen one, top first', () => {
    expect(pointSourceTypes(1, chains, [10, 4])).toEqual({ types: [1, 3, 9, 10, 2, 4], invalid: [] });
    expect(pointSourceTypes(1, chains, [])).toEqual({ types: [1], invalid: [] });
  });

  it('calls a choice outside the component, the component itself or an unknown id invalid', () => {
    expect(pointSourceTypes(1, chains, [8, 1, 42, 4]).invalid).toEqual([8, 1, 42]);
  });
});
