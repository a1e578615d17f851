import { useState } from 'react';
import { TreeSelect } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupNode, GroupRef } from '@syrx/contracts/groups';
import { groupChildrenQueryOptions } from '../../../lib/group-tree';

/** A node of antd's "simple mode" tree data: a flat list, each node naming its parent (0: a top-level node). */
interface FlatNode {
  id: number;
  pId: number;
  value: number;
  title: string;
  isLeaf: boolean;
}

const flatNodes = (groups: readonly GroupNode[], parent: number): FlatNode[] =>
  groups.map((g) => ({ id: g.id, pId: parent, value: g.id, title: g.name, isLeaf: !g.has_children }));

interface GroupsSelectProps {
  value?: number[];
  onChange?: (groupIds: number[]) => void;
  /** Groups already chosen, shown by name while the tree has not loaded them. */
  known: readonly GroupRef[];
  disabled?: boolean;
}

/** Several groups of the signed-in user's group tree, loaded a level at a time (GET /api/v2/groups/getChildrenOf). */
export function GroupsSelect({ value, onChange, known, disabled = false }: GroupsSelectProps) {
  const queryClient = useQueryClient();
  const roots = useQuery(groupChildrenQueryOptions());
  const [below, setBelow] = useState<FlatNode[]>([]);
  const loaded = [...flatNodes(roots.data ?? [], 0), ...below];
  const notLoaded = known.filter((g) => !loaded.some((n) => n.id === g.id)).map((g) => ({ id: g.id, pId: 0, value: g.id, title: g.name, isLeaf: true }));
  return (
    <TreeSelect<number[]>
      aria-label="Groups"
      multiple
      treeDataSimpleMode
      treeData={[...loaded, ...notLoaded]}
      placeholder="Choose the groups"
      disabled={disabled}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      treeNodeFilterProp="title"
      showSearch
      loadData={async (node) => {
        const id = Number(node.value);
        const children = await queryClient.fetchQuery(groupChildrenQueryOptions(id));
        setBelow((previous) => [...previous.filter((n) => n.pId !== id), ...flatNodes(children, id)]);
      }}
    />
  );
}
