import { useState } from 'react';
import { Alert, Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTreeControllers } from '../api/controller-list';
import { useCriticalStatuses } from '../api/critical-statuses';
import { enabledServicesQueryOptions } from '../api/enabled-services';
import { treeDevicesQueryOptions, useTreeDevices } from '../api/tree-devices';
import { useTreeEnabledServices } from '../api/tree-services';
import { useLiveStatuses } from '../hooks/use-live-statuses';
import { areaBase, treeKeyOf } from '../utils/area-paths';
import { type ControllerTreeNode, branchOf, buildControllerTree, openDeviceLists, openServiceLists } from '../utils/tree-nodes';
import { StatusDot } from './status-dot';

function toAntNodes(nodes: readonly ControllerTreeNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    isLeaf: n.isLeaf,
    selectable: n.selectable,
    title: (
      // Long service ids wrap inside the narrow pane rather than pushing it sideways.
      <span data-testid={`tree-node-${n.kind}`} style={{ display: 'inline-flex', alignItems: 'baseline', overflowWrap: 'anywhere' }}>
        {n.status && <StatusDot status={n.status} detail={n.statusDetail} />}
        <span>{n.label}</span>
      </span>
    ),
    ...(n.children ? { children: toAntNodes(n.children) } : {}),
  }));
}

/** The controller tree: selecting a node opens its page; the branch of the page shown opens by itself. */
export function ControllerTree({ rootGroupId, enabled }: { rootGroupId: number | undefined; enabled: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selectedKey = treeKeyOf(useLocation().pathname);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [openedFor, setOpenedFor] = useState<string>();
  // A newly shown page opens its branch once (state adjusted during render); the user may close it again.
  if (selectedKey !== openedFor) {
    setOpenedFor(selectedKey);
    if (selectedKey !== undefined) setExpanded((keys) => [...new Set([...keys, ...branchOf(selectedKey)])]);
  }

  const controllers = useTreeControllers(rootGroupId, enabled);
  const list = controllers.data ?? [];
  const ids = list.map((c) => c.id);
  const statuses = useCriticalStatuses(ids);
  useLiveStatuses(ids);
  const services = useTreeEnabledServices(openServiceLists(expanded));
  const devices = useTreeDevices(openDeviceLists(expanded));

  if (!enabled) return null;
  if (controllers.isPending) return <Spin aria-label="Loading Syrx controllers" />;
  if (controllers.isError) return <Alert type="error" showIcon role="alert" title={controllers.error.message} />;
  if (list.length === 0) return <Empty description="No Syrx controllers" />;

  // Loading errors show as an empty Services or Devices node; the tree must not retry them on its own.
  const loadData = async ({ key }: TreeDataNode) => {
    const [id = '', section] = String(key).split('/');
    const load: Promise<unknown> =
      section === 'devices' ? queryClient.ensureQueryData(treeDevicesQueryOptions(id)) : queryClient.ensureQueryData(enabledServicesQueryOptions(id));
    await load.catch(() => undefined);
  };

  return (
    <Tree
      aria-label="Syrx controller tree"
      treeData={toAntNodes(buildControllerTree(list, statuses, services, devices))}
      expandedKeys={expanded}
      onExpand={(keys) => setExpanded(keys.map(String))}
      selectedKeys={selectedKey === undefined ? [] : [selectedKey]}
      onSelect={(_keys, { node }) => void navigate(`${areaBase}/${String(node.key)}`)}
      loadData={loadData}
      blockNode
    />
  );
}
