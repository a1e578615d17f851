import type { EnabledService, SyrxController } from '@syrx/contracts/controllers';
import type { BacnetDevice } from '@syrx/contracts/devices';
import { canonicalServiceId, messageBrokerUnit, serviceUnits } from '@syrx/contracts/services';
import { controllerLabel } from './format';
import { type StatusLevel, type StatusReport, controllerStatus, statusDetail, unitStatus } from './status';

export type TreeNodeKind = 'controller' | 'devices' | 'device' | 'device-points' | 'points' | 'services' | 'logs' | 'service' | 'message-broker';

export interface ControllerTreeNode {
  /** The node's page as a path below the area base; unique in the tree. */
  key: string;
  kind: TreeNodeKind;
  label: string;
  /** Controllers and services carry a status dot. */
  status?: StatusLevel;
  /** Why a controller's dot reads as it does (its tooltip). */
  statusDetail?: string;
  /** False for a node without a page of its own (the message broker). */
  selectable: boolean;
  isLeaf: boolean;
  /** Undefined until loaded (a controller's devices and enabled services load when their node opens). */
  children?: ControllerTreeNode[];
}

/** What the dots of one controller read: its latest status report and whether asking for it failed. */
export interface StatusInput {
  report: StatusReport | null | undefined;
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

/** A device is named by its name, or "Device {instance}" before its properties were read. */
export const treeDeviceLabel = (d: Pick<BacnetDevice, 'name' | 'instance_number'>): string =>
  d.name !== null && d.name.trim() !== '' ? d.name : `Device ${d.instance_number}`;

function deviceNodes(id: string, devices: readonly BacnetDevice[]): ControllerTreeNode[] {
  return devices.map((d) => {
    const key = `${id}/devices/${d.id}`;
    return { key, kind: 'device', label: treeDeviceLabel(d), selectable: true, isLeaf: false, children: [leaf(`${key}/points`, 'device-points', 'Points')] };
  });
}

/**
 * The controller tree (spec 01 section 2): each controller, labelled "group name - name", expands to Devices
 * (its devices, each with its Points, once loaded), Points, Services (its enabled services plus the message
 * broker, once loaded) and Logs.
 */
export function buildControllerTree(
  controllers: readonly SyrxController[],
  statuses: ReadonlyMap<string, StatusInput>,
  enabledServices: ReadonlyMap<string, readonly EnabledService[]>,
  devicesByController: ReadonlyMap<string, readonly BacnetDevice[]> = new Map(),
): ControllerTreeNode[] {
  return controllers.map((c) => {
    const answer = statuses.get(c.id);
    const services = enabledServices.get(c.id);
    const devices = devicesByController.get(c.id);
    return {
      key: c.id,
      kind: 'controller',
      label: controllerLabel(c),
      status: controllerStatus(answer?.report, answer?.failed),
      statusDetail: statusDetail(answer?.report, answer?.failed),
      selectable: true,
      isLeaf: false,
      children: [
        {
          key: `${c.id}/devices`, kind: 'devices', label: 'Devices', selectable: true, isLeaf: false,
          ...(devices ? { children: deviceNodes(c.id, devices) } : {}),
        },
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

/**
 * The keys to open at the node `key`: its controller; on the services pages the Services node; on a device's
 * pages the Devices node, and the device itself on its points page.
 */
export function branchOf(key: string): string[] {
  const [id, section, deviceId, sub] = key.split('/');
  if (id === undefined || id === '') return [];
  if (section === 'services') return [id, `${id}/services`];
  if (section === 'devices' && deviceId !== undefined) return sub === undefined ? [id, `${id}/devices`] : [id, `${id}/devices`, `${id}/devices/${deviceId}`];
  return [id];
}

/** The controllers whose Services node is open, from the tree's open keys. */
export const openServiceLists = (expanded: readonly string[]): string[] =>
  expanded.filter((k) => k.endsWith('/services')).map((k) => k.slice(0, -'/services'.length));

/** The controllers whose Devices node is open, from the tree's open keys. */
export const openDeviceLists = (expanded: readonly string[]): string[] =>
  expanded.filter((k) => /^[^/]+\/devices$/.test(k)).map((k) => k.slice(0, -'/devices'.length));
