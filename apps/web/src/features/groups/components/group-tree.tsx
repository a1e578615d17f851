import { useState } from 'react';
import { Alert, Spin, Tree, type TreeDataNode } from 'antd';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupNode } from '@syrx/contracts/groups';
import { groupChildrenQueryOptions } from '../../../lib/group-tree';
import { toTreeNodes } from '../utils/tree-nodes';

interface GroupTreeProps {
  selected: number | null;
  onSelect: (groupId: number) => void;
  /** Groups to open (the chosen group's path), so that it shows where it is. */
  reveal: readonly number[];
}

const union = (a: readonly number[], b: readonly number[]) => [...new Set([...a, ...b])];

/**
 * The group tree of /admin/groups, loaded a level at a time as the current-group dialog loads it. Each opened level
 * is a query of its own, so a change of groups (which invalidates them) shows in the tree at once.
 */
export function GroupTree({ selected, onSelect, reveal }: GroupTreeProps) {
  const queryClient = useQueryClient();
  const roots = useQuery(groupChildrenQueryOptions());
  const [opened, setOpened] = useState<readonly number[]>([]);
  const [expanded, setExpanded] = useState<readonly number[]>([]);
  const [collapsed, setCollapsed] = useState<readonly number[]>([]);
  const [loadError, setLoadError] = useState<string>();
  const levelIds = union(opened, reveal);
  const levels = useQueries({ queries: levelIds.map((id) => groupChildrenQueryOptions(id)) });
  const loaded = new Map<number, readonly GroupNode[]>();
  levelIds.forEach((id, i) => {
    const data = levels[i]?.data;
    if (data) loaded.set(id, data);
  });

  const loadData = async ({ key }: TreeDataNode): Promise<void> => {
    const id = Number(key);
    try {
      await queryClient.fetchQuery(groupChildrenQueryOptions(id));
      setOpened((previous) => union(previous, [id]));
    } catch (error) {
      setLoadError(`The groups could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const onExpand = (id: number, open: boolean) => {
    setExpanded((previous) => (open ? union(previous, [id]) : previous.filter((x) => x !== id)));
    setCollapsed((previous) => (open ? previous.filter((x) => x !== id) : union(previous, [id])));
  };

  const error = roots.error?.message ?? loadError;
  if (roots.isPending) return <Spin aria-label="Loading groups" />;
  return (
    <>
      {error !== undefined && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={error} />}
      <Tree
        aria-label="Group tree"
        blockNode
        treeData={toTreeNodes(roots.data ?? [], loaded)}
        loadData={loadData}
        loadedKeys={[...loaded.keys()]}
        expandedKeys={union(expanded, reveal).filter((id) => !collapsed.includes(id))}
        onExpand={(_keys, { node, expanded: open }) => onExpand(Number(node.key), open)}
        selectedKeys={selected === null ? [] : [selected]}
        onSelect={(_keys, { node }) => onSelect(Number(node.key))}
      />
    </>
  );
}
