import { useState } from 'react';
import { TreeSelect } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupNode, GroupRef } from '@syrx/contracts/groups';
import { groupChildrenQueryOptions } from '../lib/group-tree';

interface TreeNode {
  value: number;
  title: string;
  isLeaf: boolean;
  children?: TreeNode[];
}

const toNodes = (groups: readonly GroupNode[], loaded: ReadonlyMap<number, readonly GroupNode[]>, exclude: number | undefined): TreeNode[] =>
  groups.filter((g) => g.id !== exclude).map((g) => {
    const children = loaded.get(g.id);
    return { value: g.id, title: g.name, isLeaf: !g.has_children, ...(children ? { children: toNodes(children, loaded, exclude) } : {}) };
  });

interface GroupPickerProps {
  value?: number;
  onChange?: (groupId: number) => void;
  /** Shown while the tree has not loaded it (the current group, a group's parent). */
  initial: GroupRef | null;
  /** A group left out with everything below it (a group cannot go under itself). */
  exclude?: number;
  label?: string;
  disabled?: boolean;
}

/** A group of the user's lazily loaded group tree (GET /api/v2/groups/getChildrenOf). */
export function GroupPicker({ value, onChange, initial, exclude, label = 'Group', disabled = false }: GroupPickerProps) {
  const queryClient = useQueryClient();
  const roots = useQuery(groupChildrenQueryOptions());
  const [loaded, setLoaded] = useState<ReadonlyMap<number, readonly GroupNode[]>>(new Map());
  const treeData = toNodes(roots.data ?? [], loaded, exclude);
  const known = [roots.data ?? [], ...loaded.values()].flat().some((g) => g.id === value);
  return (
    <TreeSelect<number>
      aria-label={label}
      style={{ width: 280 }}
      placeholder={label}
      disabled={disabled}
      value={value}
      treeData={known || value === undefined || !initial ? treeData : [...treeData, { value: initial.id, title: initial.name, isLeaf: true }]}
      loadData={async (node) => {
        const id = Number(node.value);
        const children = await queryClient.fetchQuery(groupChildrenQueryOptions(id));
        setLoaded((previous) => new Map(previous).set(id, children));
      }}
      onChange={(v) => onChange?.(v)}
    />
  );
}
