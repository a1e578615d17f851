import { type HTMLAttributes, useState } from 'react';
import { Alert, App, Card, Empty, Radio, Spin, Tree, type TreeDataNode, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { levelPage, loadLevel, pcsRootQueryOptions, vendorsQueryOptions } from '../api/point-trees';
import { type MovePoint, samePoint } from '../utils/move-item';
import { type LoadedTree, type MoveTreeNode, levelKey, levelNodes, nodesByKey, nothingLoaded, pcsRoot, vendorRoots, withLevel, withPage } from '../utils/move-tree';

/** Spec 02 sections 2 and 9: the tree panel is 800 px high. */
export const treePanelHeight = 800;

export type PointKind = 'vendor' | 'pcs';

interface TreeBodyProps {
  label: string;
  kind: PointKind;
  /** Props of a point leaf's title: drag from the source tree, drop onto the destination tree. */
  leafProps: (point: MovePoint) => HTMLAttributes<HTMLSpanElement>;
  selected: MovePoint | null;
  onSelect: (point: MovePoint | null) => void;
}

function toAntNodes(nodes: readonly MoveTreeNode[], leafProps: TreeBodyProps['leafProps']): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    isLeaf: n.isLeaf,
    selectable: n.point !== undefined,
    title: n.point ? <span {...leafProps(n.point)} title={n.point.name} data-point-key={n.key}>{n.title}</span> : n.title,
    ...(n.children ? { children: toAntNodes(n.children, leafProps) } : {}),
  }));
}

/** The tree's top: the vendors, or the PCS sites (paged like every other level). */
function useRoots(kind: PointKind, tree: LoadedTree) {
  const vendors = useQuery({ ...vendorsQueryOptions, enabled: kind === 'vendor' });
  const sites = useQuery({ ...pcsRootQueryOptions(pcsRoot), enabled: kind === 'pcs' });
  if (kind === 'vendor') return { ...vendors, roots: vendors.data ? vendorRoots(vendors.data, tree) : [] };
  return { ...sites, roots: sites.data ? (levelNodes(pcsRoot, withLevel(tree, pcsRoot, sites.data)) ?? []) : [] };
}

function TreeBody({ label, kind, leafProps, selected, onSelect }: TreeBodyProps) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [tree, setTree] = useState<LoadedTree>(nothingLoaded);
  const { roots, isPending, isError, error } = useRoots(kind, tree);
  if (isPending) return <Spin aria-label={`Loading the ${label.toLowerCase()} tree`} />;
  if (isError) return <Alert type="error" showIcon role="alert" title={`The ${label.toLowerCase()} tree could not be loaded`} description={error.message} />;
  if (roots.length === 0) return <Empty description={kind === 'vendor' ? 'No vendor points' : 'No PCS sites'} />;
  const byKey = nodesByKey(roots);

  const loadData = async ({ key }: TreeDataNode) => {
    const load = byKey.get(String(key))?.load;
    if (!load) return;
    try {
      if (load.kind === 'level') {
        const loaded = await queryClient.fetchQuery({ queryKey: ['move-tree', levelKey(load.level)], queryFn: () => loadLevel(load.level) });
        setTree((t) => withLevel(t, load.level, loaded));
      } else {
        const entries = await queryClient.fetchQuery({ queryKey: ['move-tree', levelKey(load.level), load.page], queryFn: () => levelPage(load.level, load.page) });
        setTree((t) => withPage(t, load.level, load.page, entries));
      }
    } catch (e) {
      void message.error(`The ${label.toLowerCase()} tree could not be loaded: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const selectedKey = selected ? [...byKey.values()].find((n) => n.point && samePoint(n.point, selected))?.key : undefined;
  return (
    <Tree
      aria-label={`${label} points`}
      treeData={toAntNodes(roots, leafProps)}
      loadData={loadData}
      selectedKeys={selectedKey ? [selectedKey] : []}
      onSelect={(_keys, { node, selected: on }) => onSelect(on ? (byKey.get(String(node.key))?.point ?? null) : null)}
      blockNode
    />
  );
}

const noLeafProps = () => ({});

/**
 * A vendor or PCS point tree for picking points one at a time (the point record browser's vendor and PCS tabs): a
 * click on a point hands it over.
 */
export function PointTree({ kind, onPick }: { kind: PointKind; onPick: (point: MovePoint) => void }) {
  const label = kind === 'vendor' ? 'Vendor' : 'PCS';
  return <TreeBody key={kind} kind={kind} label={label} leafProps={noLeafProps} selected={null} onSelect={(p) => p && onPick(p)} />;
}

/**
 * One side of the move wizard (Source or Destination): a switch between the vendor point tree and the PCS point tree,
 * in a panel 800 px high.
 */
export function MovePointTree({ label, hint, ...body }: Omit<TreeBodyProps, 'kind'> & { hint: string }) {
  const [kind, setKind] = useState<PointKind>('vendor');
  return (
    <Card
      size="small"
      title={label}
      role="region"
      aria-label={label}
      extra={
        <Radio.Group
          aria-label={`${label} point kind`}
          size="small"
          optionType="button"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as PointKind);
            body.onSelect(null);
          }}
          options={[{ value: 'vendor', label: 'Vendor points' }, { value: 'pcs', label: 'PCS points' }]}
        />
      }
      style={{ flex: 1, minWidth: 0 }}
      styles={{ body: { height: treePanelHeight, overflow: 'auto' } }}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {hint}
      </Typography.Paragraph>
      <TreeBody key={kind} kind={kind} label={label} {...body} />
    </Card>
  );
}
