import { useState } from 'react';
import { TreeSelect } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupNode, GroupRef } from '@syrx/contracts/groups';
import { groupLevelQueryOptions } from '../api/group-roles';

interface TreeNode {
  value: number;
  title: string;
  isLeaf: boolean;
  children?: TreeNode[];
}

const toNodes = (groups: readonly GroupNode[], loaded: ReadonlyMap<number, readonly GroupNode[]>): TreeNode[] =>
  groups.map((g) => {
    const children = loaded.get(g.id);
    return { value: g.id, title: g.name, isLeaf: !g.has_children, ...(children ? { children: toNodes(children, loaded) } : {}) };
  });

interface GroupPickerProps {
  value?: number;
  onChange?: (groupId: number) => void;
  /** Shown while the tree has not loaded it (the current group, the usual choice). */
  initial: GroupRef | null;
}

/** A group of the user's lazily loaded group tree (GET /api/v2/groups/getChildrenOf). */
export function GroupPicker({ value, onChange, initial }: GroupPickerProps) {
  const queryClient = useQueryClient();
  const roots = useQuery(groupLevelQueryOptions());
  const [loaded, setLoaded] = useState<ReadonlyMap<number, readonly GroupNode[]>>(new Map());
  const treeData = toNodes(roots.data ?? [], loaded);
  const known = [roots.data ?? [], ...loaded.values()].flat().some((g) => g.id === value);
  return (
    <TreeSelect<number>
      aria-label="Group"
      style={{ width: 280 }}
      placeholder="Group"
      value={value}
      treeData={known || value === undefined || !initial ? treeData : [...treeData, { value: initial.id, title: initial.name, isLeaf: true }]}
      loadData={async (node) => {
        const id = Number(node.value);
        const children = await queryClient.fetchQuery(groupLevelQueryOptions(id));
        setLoaded((previous) => new Map(previous).set(id, children));
      }}
      onChange={(v) => onChange?.(v)}
    />
  );
}
