import type { TreeDataNode } from 'antd';
import type { GroupNode } from '@syrx/contracts/groups';

/** Children loaded so far, by parent group id. */
export type LoadedChildren = ReadonlyMap<number, readonly GroupNode[]>;

/** antd tree nodes for groups; a node is a leaf when the server says it has no children. */
export function toTreeNodes(groups: readonly GroupNode[], loaded: LoadedChildren): TreeDataNode[] {
  return groups.map((group) => {
    const children = loaded.get(group.id);
    return {
      key: group.id,
      title: group.name,
      isLeaf: !group.has_children,
      ...(children ? { children: toTreeNodes(children, loaded) } : {}),
    };
  });
}
