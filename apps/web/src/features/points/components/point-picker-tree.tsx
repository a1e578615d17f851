import { useEffect, useState } from 'react';
import { Alert, App, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BacnetPoint, PointObjectGroup } from '@syrx/contracts/points';
import { objectGroupsQueryOptions, treeDevicesQueryOptions, treePointsQueryOptions } from '../api/point-tree';
import { type PickerNode, buildPickerTree, loadRequestOf, pageKey } from '../utils/picker-tree';

/** Spec 01 section 9: the tree is built after a 100 ms delay. */
export const treeDelayMs = 100;
const treeHeight = 480;

const toAntNodes = (nodes: readonly PickerNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.key, title: n.title, isLeaf: n.isLeaf, selectable: n.isLeaf, ...(n.children ? { children: toAntNodes(n.children) } : {}) }));

function useTreeDelay(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), treeDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

/** Picks one BACnet point of the controller from its devices, object types and pages of 20. */
export function PointPickerTree({ controllerId, onPick }: { controllerId: string; onPick: (point: BacnetPoint) => void }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const ready = useTreeDelay();
  const devices = useQuery(treeDevicesQueryOptions(controllerId));
  const [groups, setGroups] = useState<ReadonlyMap<number, readonly PointObjectGroup[]>>(new Map());
  const [pages, setPages] = useState<ReadonlyMap<string, readonly BacnetPoint[]>>(new Map());

  if (!ready || devices.isPending) return <Spin aria-label="Loading the point tree" />;
  if (devices.isError) return <Alert type="error" showIcon role="alert" title={devices.error.message} />;
  if (devices.data.length === 0) return <Empty description="No devices" />;
  const nodes = buildPickerTree({ devices: devices.data, groups, pages });
  const points = new Map(nodes.flatMap(function leaves(n): [string, BacnetPoint][] {
    return n.point ? [[n.key, n.point]] : (n.children ?? []).flatMap(leaves);
  }));

  const loadData = async ({ key }: TreeDataNode) => {
    const request = loadRequestOf(String(key));
    try {
      if (request?.kind === 'groups') {
        const loaded = await queryClient.fetchQuery(objectGroupsQueryOptions(controllerId, request.deviceId));
        setGroups((m) => new Map(m).set(request.deviceId, loaded));
      } else if (request?.kind === 'page') {
        const loaded = await queryClient.fetchQuery(treePointsQueryOptions(controllerId, request.deviceId, request.objectType, request.page));
        setPages((m) => new Map(m).set(pageKey(request.deviceId, request.objectType, request.page), loaded));
      }
    } catch (error) {
      void message.error(`The point tree could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <Tree
      aria-label="Point picker"
      treeData={toAntNodes(nodes)}
      loadData={loadData}
      height={treeHeight}
      onSelect={(_keys, { node }) => {
        const point = points.get(String(node.key));
        if (point) onPick(point);
      }}
      blockNode
    />
  );
}
