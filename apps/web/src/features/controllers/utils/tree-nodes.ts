import type { EnabledService, SyrxController } from '@syrx/contracts/controllers';
import { canonicalServiceId, messageBrokerUnit, serviceUnits } from '@syrx/contracts/services';
import { controllerLabel } from './format';
import { type StatusLevel, controllerStatus, unitStatus } from './status';

export type TreeNodeKind = 'controller' | 'devices' | 'points' | 'services' | 'logs' | 'service' | 'message-broker';

export interface ControllerTreeNode {
  /** The node's page as a path below the area base; unique in the tree. */
  key: string;
  kind: TreeNodeKind;
  label: string;
  /** Controllers and services carry a status dot. */
  status?: StatusLevel;
  /** False for a node without a page of its own (the message broker). */
  selectable: boolean;
  isLeaf: boolean;
  /** Undefined until loaded (the enabled services of a controller load when its Services node opens). */
  children?: ControllerTreeNode[];
}

/** What the dots of one controller read: its latest status report and whether asking for it failed. */
export interface StatusInput {
  report: { statuses: { unit: string; active_state: string }[] } | null | undefined;
  failed: boolean;
}

export const messageBrokerLabel = `Message broker (${messageBrokerUnit})`;

const leaf = (key: string, kind: TreeNodeKind, label: string): ControllerTreeNode => ({ key, kind, label, selectable: true, isLeaf: true });

function serviceNodes(id: string, services: readonly EnabledService[], report: StatusInput['report']): ControllerTreeNode[] {
  const enabled = [...services]
    .sort((a, b) => a.service_id.localeCompare(b.service_id))
    .map((s): ControllerTreeNode => {
      const canonical = canonicalServiceId(s.service_id);
      const status = canonical ? unitStatus(report, serviceUnits[canonical]) : 'unknown';
      return { ...leaf(`${id}/services/${s.service_id}`, 'service', s.service_id), status };
    });
  const broker: ControllerTreeNode = {
    key: `${id}/message-broker`, kind: 'message-broker', label: messageBrokerLabel, status: unitStatus(report, messageBrokerUnit), selectable: false, isLeaf: true,
  };
  return [...enabled, broker];
}

/**
 * The controller tree (spec 01 section 2): each controller, labelled "group name - name", expands to Devices,
 * Points, Services (its enabled services plus the message broker, once loaded) and Logs.
 */
export function buildControllerTree(
  controllers: readonly SyrxController[],
  statuses: ReadonlyMap<string, StatusInput>,
  enabledServices: ReadonlyMap<string, readonly EnabledService[]>,
): ControllerTreeNode[] {
  return controllers.map((c) => {
    const answer = statuses.get(c.id);
    const services = enabledServices.get(c.id);
    return {
      key: c.id,
      kind: 'controller',
      label: controllerLabel(c),
      status: controllerStatus(answer?.report, answer?.failed),
      selectable: true,
      isLeaf: false,
      children: [
        leaf(`${c.id}/devices`, 'devices', 'Devices'),
        leaf(`${c.id}/points`, 'points', 'Points'),
        {
          key: `${c.id}/services`, kind: 'services', label: 'Services', selectable: true, isLeaf: false,
          ...(services ? { children: serviceNodes(c.id, services, answer?.report) } : {}),
        },
        leaf(`${c.id}/logs`, 'logs', 'Logs'),
      ],
    };
  });
}

/** The keys to open at the node `key`: its controller and, on the services pages, the Services node. */
export function branchOf(key: string): string[] {
  const [id, section] = key.split('/');
  if (id === undefined || id === '') return [];
  return section === 'services' ? [id, `${id}/services`] : [id];
}

/** The controllers whose Services node is open, from the tree's open keys. */
export const openServiceLists = (expanded: readonly string[]): string[] =>
  expanded.filter((k) => k.endsWith('/services')).map((k) => k.slice(0, -'/services'.length));
